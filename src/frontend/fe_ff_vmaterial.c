/* fe_ff_vmaterial.c — glMaterial between glBegin and glEnd (GL 2.1 §2.14.3: a material change
 * there applies to the vertices that follow it, each vertex lit with its own material).
 *
 * A property that changes inside a primitive becomes a vertex attribute for the rest of it:
 * one of the generic slots the fixed-function programs leave free (FE_FF_VMAT_SLOTS) carries
 * its value, through the immediate-mode arrays (the slot's earlier vertices get the value it
 * had, as any attribute first set mid-primitive), and the generated program reads the slot
 * instead of the uniform for that property and face. glEnd's draw is the last to use it. A
 * change that finds no slot (a fourth property, or shininess, a scalar the lighting reads per
 * primitive) applies to the whole primitive: the named decline gl-material-per-primitive. */
#include <string.h>

#include "fe_compat_vertex.h"
#include "fe_ff.h"
#include "gl_api.h"

static const unsigned vmat_slot[FE_FF_VMAT_SLOTS] = {6, 7, 1};

static int
prop_index(GLenum pname)
{
   switch (pname) {
   case GL_EMISSION: return 0;
   case GL_AMBIENT: return 1;
   case GL_DIFFUSE: return 2;
   case GL_SPECULAR: return 3;
   default: return -1;
   }
}

static const float *
prop_value(const struct fe_ff_material *m, int prop)
{
   switch (prop) {
   case 0: return m->emission;
   case 1: return m->ambient;
   case 2: return m->diffuse;
   default: return m->specular;
   }
}

/* One property of faces (bit 0 front, bit 1 back) takes value p from here on. */
static void
note_one(struct fe_context *ctx, int prop, unsigned faces, const float *p)
{
   struct fe_ff *ff = ctx->ff;
   const uint8_t code = (uint8_t)(0x80u | (faces << 2) | (unsigned)prop);
   int i = 0;
   while (i < FE_FF_VMAT_SLOTS && ff->vmat[i] && ff->vmat[i] != code)
      i++;
   if (i == FE_FF_VMAT_SLOTS) {
      MGU_DECLINE(gl_material_per_primitive,
                  "glMaterial of a fourth property inside glBegin/glEnd: it applies to the whole "
                  "primitive");
      return;
   }
   const unsigned slot = vmat_slot[i];
   if (!ff->vmat[i]) {
      /* the vertices so far keep the value before this change */
      const float *old = prop_value(&ff->material[faces & 1 ? 0 : 1], prop);
      for (int c = 0; c < 4; c++)
         ctx->attrib_value[slot][c] = fe_f2u(old[c]);
      ff->vmat[i] = code;
      fe_ff_bump(ff);
   }
   fe_compat_attr(ctx, slot, p[0], p[1], p[2], p[3]);
}

void
fe_ff_vmat_note(struct fe_context *ctx, GLenum face, GLenum pname, const float *p)
{
   const unsigned faces = face == GL_FRONT ? 1u : face == GL_BACK ? 2u : 3u;
   if (pname == GL_AMBIENT_AND_DIFFUSE) {
      note_one(ctx, 1, faces, p);
      note_one(ctx, 2, faces, p);
      return;
   }
   const int prop = prop_index(pname);
   if (prop >= 0)
      note_one(ctx, prop, faces, p);
   else if (pname == GL_SHININESS)
      MGU_DECLINE(
         gl_material_per_primitive,
         "glMaterial(GL_SHININESS) inside glBegin/glEnd: it applies to the whole primitive");
}

void
fe_ff_vmat_end(struct fe_context *ctx)
{
   struct fe_ff *ff = ctx->ff;
   if (!ff->vmat[0])
      return;
   memset(ff->vmat, 0, sizeof(ff->vmat));
   fe_ff_bump(ff);
}

unsigned
fe_ff_vmat_slot(unsigned i)
{
   return vmat_slot[i];
}
