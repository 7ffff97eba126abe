/* spv_facing.c — a fragment module whose gl_FrontFacing is read from a flat integer input.
 *
 * A polygon drawn in GL_LINE or GL_POINT mode reaches the device as lines or points, which
 * Vulkan rasterizes as front-facing; GL gives their fragments the polygon's facing (GL 4.6
 * §14.6.4: the polygon's mode decides how it is rasterized, after its facing). The outline
 * geometry stage (glsl_passthrough.c) knows the polygon's facing and writes it to a flat int
 * output, 1 front and 0 back; this copy of the fragment module reads it there. The FrontFacing
 * built-in variable becomes a user Input int at the location given, decorated Flat (it keeps
 * its slot in the entry point's interface), and each load of it a load of the int compared
 * with 0. New types, the constant and the variable go just before the first function. */
#include "spv.h"

struct facing {
   uint32_t var;     /* the FrontFacing variable */
   uint32_t var_ptr; /* its pointer type */
   uint32_t bool_t;  /* OpTypeBool */
   uint32_t int_t;   /* OpTypeInt 32 1 */
   uint32_t ptr_in;  /* OpTypePointer Input int_t */
   uint32_t zero;    /* OpConstant int_t 0 */
   uint32_t input;   /* the new Input variable */
   size_t first_fn;  /* word offset of the first OpFunction */
   uint32_t loads;   /* loads of var */
   bool fragment;    /* a fragment entry point */
   bool refused;     /* a use or decoration the copy cannot follow (*err says which) */
   const char *why;
};

/* The module's globals: what the copy reuses, and the FrontFacing variable. */
static void
scan_globals(const uint32_t *w, size_t n, struct facing *f)
{
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      if (it.op == SpvOpFunction) {
         f->first_fn = it.pc;
         break;
      }
      if (it.op == SpvOpEntryPoint && it.nops >= 2 && o[0] == SpvExecutionModelFragment)
         f->fragment = true;
      if (it.op == SpvOpGroupDecorate || it.op == SpvOpGroupMemberDecorate) {
         f->refused = true;
         f->why = "decoration groups";
      }
      if (it.op == SpvOpDecorate && it.nops >= 3 && o[1] == SpvDecorationBuiltIn &&
          o[2] == SpvBuiltInFrontFacing)
         f->var = o[0];
      if (it.op == SpvOpMemberDecorate && it.nops >= 4 && o[2] == SpvDecorationBuiltIn &&
          o[3] == SpvBuiltInFrontFacing) {
         f->refused = true;
         f->why = "gl_FrontFacing inside a block";
      }
      if (it.op == SpvOpTypeBool && it.nops == 1 && !f->bool_t)
         f->bool_t = o[0];
      if (it.op == SpvOpTypeInt && it.nops == 3 && o[1] == 32 && o[2] == 1 && !f->int_t)
         f->int_t = o[0];
      if (it.op == SpvOpConstant && it.nops == 3 && f->int_t && o[0] == f->int_t && o[2] == 0 &&
          !f->zero)
         f->zero = o[1];
      if (it.op == SpvOpVariable && it.nops >= 3 && f->var && o[1] == f->var)
         f->var_ptr = o[0];
   }
   if (it.bad) {
      f->refused = true;
      f->why = "a truncated module";
      return;
   }
   /* the pointer types (declared before any variable of theirs): the variable's, and an Input
    * pointer to the int */
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it) && it.pc < f->first_fn) {
      const uint32_t *o = it.o;
      if (it.op != SpvOpTypePointer || it.nops != 3)
         continue;
      if (f->int_t && o[1] == SpvStorageClassInput && o[2] == f->int_t && !f->ptr_in)
         f->ptr_in = o[0];
      if (f->var_ptr && o[0] == f->var_ptr &&
          (o[1] != SpvStorageClassInput || !f->bool_t || o[2] != f->bool_t)) {
         f->refused = true;
         f->why = "gl_FrontFacing of an unexpected type";
      }
   }
}

/* The functions: each use of the variable is a load (counted), else refused. */
static void
scan_uses(const uint32_t *w, size_t n, struct facing *f)
{
   struct spv_walk it = spv_walk_begin(w, n);
   it.next = f->first_fn;
   while (spv_walk_next(&it)) {
      for (uint32_t i = 0; i < it.nops; i++) {
         if (it.o[i] != f->var)
            continue;
         if (it.op == SpvOpLoad && i == 2 && it.nops >= 3 && it.o[0] == f->bool_t) {
            f->loads++;
         } else {
            f->refused = true;
            f->why = "gl_FrontFacing used other than by a load";
         }
      }
   }
   if (it.bad || it.next != n) {
      f->refused = true;
      f->why = "a truncated module";
   }
}

uint32_t *
spv_facing_from_input(const uint32_t *w, size_t n, uint32_t location, size_t *out_n,
                      const char **err)
{
   *out_n = 0;
   *err = NULL;
   if (n < 5 || w[3] == 0 || w[3] > SPV_ID_BOUND_MAX)
      return NULL;
   struct facing f = {0};
   scan_globals(w, n, &f);
   if (!f.fragment || !f.var || !f.first_fn)
      return NULL;
   if (!f.var_ptr) {
      *err = "gl_FrontFacing decorates no variable";
      return NULL;
   }
   if (!f.refused)
      scan_uses(w, n, &f);
   if (f.refused) {
      *err = f.why;
      return NULL;
   }
   uint32_t next = w[3];
   const bool new_int = !f.int_t, new_ptr = !f.ptr_in, new_zero = !f.zero;
   if (new_int)
      f.int_t = next++;
   if (new_ptr)
      f.ptr_in = next++;
   if (new_zero)
      f.zero = next++;
   f.input = next++;
   const uint32_t first_load = next;
   if ((uint64_t)next + f.loads > SPV_ID_BOUND_MAX) {
      *err = "id bound";
      return NULL;
   }
   next += f.loads;

   struct spirv_out out = {0};
   spirv_out_put(&out, w, 5);
   uint32_t load_id = first_load;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      if (it.pc == f.first_fn) {
         if (new_int)
            spirv_out_emit(&out, SpvOpTypeInt, 3, (uint32_t[]){f.int_t, 32, 1});
         if (new_ptr)
            spirv_out_emit(&out, SpvOpTypePointer, 3,
                           (uint32_t[]){f.ptr_in, SpvStorageClassInput, f.int_t});
         if (new_zero)
            spirv_out_emit(&out, SpvOpConstant, 3, (uint32_t[]){f.int_t, f.zero, 0});
         spirv_out_emit(&out, SpvOpVariable, 3,
                        (uint32_t[]){f.ptr_in, f.input, SpvStorageClassInput});
      }
      /* the interface keeps the slot, naming the new input */
      if (it.op == SpvOpEntryPoint && it.nops >= 3) {
         const size_t at = out.n;
         const uint32_t sw = spv_string_words(o + 2, it.nops - 2);
         spirv_out_put(&out, w + it.pc, it.len);
         for (uint32_t i = 2 + sw; sw && !out.oom && i < it.nops; i++)
            if (out.w[at + 1 + i] == f.var)
               out.w[at + 1 + i] = f.input;
         continue;
      }
      /* its names and decorations go; the built-in one becomes the location */
      if ((it.op == SpvOpName || spv_is_annotation(it.op)) && it.nops >= 1 && o[0] == f.var) {
         if (it.op == SpvOpDecorate && it.nops >= 3 && o[1] == SpvDecorationBuiltIn) {
            spirv_out_emit(&out, SpvOpDecorate, 3,
                           (uint32_t[]){f.input, SpvDecorationLocation, location});
            spirv_out_emit(&out, SpvOpDecorate, 2, (uint32_t[]){f.input, SpvDecorationFlat});
         }
         continue;
      }
      if (it.op == SpvOpVariable && it.nops >= 3 && o[1] == f.var)
         continue;
      if (it.op == SpvOpLoad && it.nops >= 3 && o[2] == f.var) {
         const uint32_t t = load_id++;
         spirv_out_emit(&out, SpvOpLoad, 3, (uint32_t[]){f.int_t, t, f.input});
         spirv_out_emit(&out, SpvOpINotEqual, 4, (uint32_t[]){f.bool_t, o[1], t, f.zero});
         continue;
      }
      spirv_out_put(&out, w + it.pc, it.len);
   }
   uint32_t *words = spirv_out_finish(&out, next, out_n);
   if (!words)
      *err = "out of memory";
   return words;
}
