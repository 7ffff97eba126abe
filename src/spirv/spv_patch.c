/* spv_patch.c — rewrites glslang's SPIR-V for GL semantics, in one pass over the words:
 *
 *  - Binding / DescriptorSet / Location decorations of chosen variables are replaced (or added):
 *    glslang assigns bindings and locations per stage, GL assigns them per program.
 *  - Aliased variables (GL vertex-attribute aliasing) are folded into one: Vulkan allows one
 *    Input variable per location.
 *  - gl_InstanceID: relaxed Vulkan rules map it to InstanceIndex, which includes the draw's
 *    firstInstance; GL's does not include baseinstance. Each load becomes
 *    InstanceIndex - BaseInstance (capability DrawParameters, core in SPIR-V 1.3).
 *  - GL depth: gl_Position.z = (z + w) * 0.5 where the last pre-rasterization stage hands the
 *    vertex on (its factors, and a factor of y, are specialization constants that
 *    glClipControl's state sets: spv.h). Done here rather than by wrapping main() in the GLSL source because (1) source
 *    rewriting has to survive #version/#extension placement, macros, comments and `main` used as
 *    a token elsewhere, and shifts line numbers in the app's error messages; (2) a geometry
 *    shader emits vertices from inside main (and from helper functions), so a wrapper main cannot
 *    reach them, while "before each OpEmitVertex" can; (3) the SPIR-V form is unambiguous: the
 *    store targets the Position builtin whatever the app called things.
 *  - RelaxedPrecision goes: glslang derives it from lowp / mediump, which have no meaning in
 *    desktop GLSL, and in GLSL ES give a minimum a driver may exceed. mgl computes every
 *    precision in 32 bits on every device, as glGetShaderPrecisionFormat (fe_program.c) says.
 *
 * Sections are recognised by opcode; new decorations go after the last annotation, new globals
 * before the first function, new ids above the old bound. The new instructions name existing
 * ids that SPIRV-Cross's C API does not give (a vector's component type, the type of an array
 * element or matrix column, the pointer and integer types already declared, a constant by its
 * value), so the rewrite reads the few ids it needs itself (struct ptab). */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

static bool
is_preamble_op(uint32_t op)
{
   switch (op) {
   case SpvOpCapability:
   case SpvOpExtension:
   case SpvOpExtInstImport:
   case SpvOpMemoryModel:
   case SpvOpEntryPoint:
   case SpvOpExecutionMode:
   case SpvOpExecutionModeId:
   case SpvOpString:
   case SpvOpSourceContinued:
   case SpvOpSource:
   case SpvOpSourceExtension:
   case SpvOpName:
   case SpvOpMemberName:
   case SpvOpModuleProcessed:
   case SpvOpDecorate:
   case SpvOpMemberDecorate:
   case SpvOpDecorationGroup:
   case SpvOpGroupDecorate:
   case SpvOpGroupMemberDecorate:
   case SpvOpDecorateId:
   case SpvOpDecorateString:
   case SpvOpMemberDecorateString: return true;
   default: return false;
   }
}

static int
deco_kind_of(uint32_t decoration)
{
   switch (decoration) {
   case SpvDecorationBinding: return SPV_SET_BINDING;
   case SpvDecorationDescriptorSet: return SPV_SET_DESCRIPTOR_SET;
   case SpvDecorationLocation: return SPV_SET_LOCATION;
   case SpvDecorationIndex: return SPV_SET_INDEX;
   case SpvDecorationComponent: return SPV_SET_COMPONENT;
   default: return -1;
   }
}

static const uint32_t spv_decoration_of_kind[] = {
   [SPV_SET_BINDING] = SpvDecorationBinding,
   [SPV_SET_DESCRIPTOR_SET] = SpvDecorationDescriptorSet,
   [SPV_SET_LOCATION] = SpvDecorationLocation,
   [SPV_SET_INDEX] = SpvDecorationIndex,
   [SPV_SET_COMPONENT] = SpvDecorationComponent,
};

/* What `id` is replaced by (itself when it is not an aliased variable). */
static uint32_t
alias_of(const struct spv_patch *p, uint32_t id)
{
   for (unsigned i = 0; i < p->num_aliases; i++)
      if (p->aliases[i].from == id)
         return p->aliases[i].to;
   return id;
}

static bool
overridden(const struct spv_patch *p, uint32_t id, int kind)
{
   for (unsigned i = 0; i < p->num_decos; i++)
      if (p->decos[i].id == id && (int)p->decos[i].kind == kind)
         return true;
   return false;
}

/* ── the ids the rewrite needs ─────────────────────────────────────────────────────────────── */

struct pid {
   uint16_t op;     /* defining opcode; 0 if none we read */
   uint32_t a, b;   /* Int: width. Vector, Matrix, Array: element type, count. Pointer: storage
                    * class, pointee. Constant: its (low) value. Variable: storage, pointer type */
   int32_t builtin; /* -1: none */
   bool used;       /* a global variable that function code names */
   uint32_t first_member, num_members; /* Struct: its range of ptab.members */
};

struct pmember {
   uint32_t type;
   int32_t builtin;
};

struct ptab {
   uint32_t bound;
   struct pid *ids;
   struct pmember *members;
   uint32_t num_members, cap_members;
   uint32_t *vars; /* global variables, in module order */
   uint32_t num_vars, cap_vars;
   uint32_t entry_point, exec_model;
};

static void
ptab_finish(struct ptab *t)
{
   free(t->ids);
   free(t->members);
   free(t->vars);
}

static bool
is_global_var(const struct ptab *t, uint32_t id)
{
   return id < t->bound && t->ids[id].op == SpvOpVariable;
}

static const char *
ptab_init(struct ptab *t, const uint32_t *w, size_t n)
{
   memset(t, 0, sizeof(*t));
   if (n < 5 || w[3] == 0 || w[3] > (1u << 22))
      return "implausible id bound";
   t->bound = w[3];
   t->ids = calloc(t->bound, sizeof(*t->ids));
   if (!t->ids)
      return "out of memory";
   for (uint32_t i = 0; i < t->bound; i++)
      t->ids[i].builtin = -1;
   bool in_function = false;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      if (in_function) {
         if (it.op == SpvOpFunctionEnd)
            in_function = false;
         else if (it.op != SpvOpLine)
            for (uint32_t k = 0; k < it.nops; k++)
               if (is_global_var(t, o[k]))
                  t->ids[o[k]].used = true;
         continue;
      }
      if (it.op == SpvOpFunction) {
         in_function = true;
         continue;
      }
      if (it.op == SpvOpEntryPoint && it.nops >= 2 && !t->entry_point) {
         t->exec_model = o[0];
         t->entry_point = o[1];
         continue;
      }
      const uint32_t res = it.op == SpvOpConstant || it.op == SpvOpVariable ? 1 : 0;
      if (it.nops <= res || o[res] >= t->bound)
         continue;
      struct pid *id = &t->ids[o[res]];
      switch (it.op) {
      case SpvOpTypeInt:
      case SpvOpTypeVector:
      case SpvOpTypeMatrix:
      case SpvOpTypePointer:
      case SpvOpTypeArray:
         if (it.nops < 3)
            return "bad type instruction";
         id->op = (uint16_t)it.op;
         id->a = o[1];
         id->b = o[2];
         break;
      case SpvOpConstant:
         if (it.nops < 3)
            return "bad OpConstant";
         id->op = SpvOpConstant;
         id->a = o[2];
         break;
      case SpvOpVariable:
         if (it.nops < 3)
            return "bad OpVariable";
         id->op = SpvOpVariable;
         id->a = o[2];
         id->b = o[0];
         if (!mgu_array_reserve(t->vars, t->cap_vars, (uint64_t)t->num_vars + 1))
            return "out of memory";
         t->vars[t->num_vars++] = o[1];
         break;
      case SpvOpTypeStruct:
         id->op = SpvOpTypeStruct;
         id->first_member = t->num_members;
         id->num_members = it.nops - 1;
         if (!mgu_array_reserve(t->members, t->cap_members,
                                (uint64_t)t->num_members + id->num_members))
            return "out of memory";
         for (uint32_t k = 1; k < it.nops; k++)
            t->members[t->num_members++] = (struct pmember){o[k], -1};
         break;
      default: break;
      }
   }
   if (it.bad)
      return "truncated instruction";
   /* BuiltIn decorations precede the types they name: a second look. */
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it) && it.op != SpvOpFunction) {
      const uint32_t *o = it.o;
      if (it.op == SpvOpDecorate && it.nops >= 3 && o[0] < t->bound && o[1] == SpvDecorationBuiltIn)
         t->ids[o[0]].builtin = (int32_t)o[2];
      if (it.op == SpvOpMemberDecorate && it.nops >= 4 && o[0] < t->bound &&
          t->ids[o[0]].op == SpvOpTypeStruct && o[1] < t->ids[o[0]].num_members &&
          o[2] == SpvDecorationBuiltIn)
         t->members[t->ids[o[0]].first_member + o[1]].builtin = (int32_t)o[3];
   }
   return t->entry_point ? NULL : "no entry point";
}

static const struct pid *
pid_of(const struct ptab *t, uint32_t id)
{
   static const struct pid none = {.builtin = -1};
   return id < t->bound ? &t->ids[id] : &none;
}

/* The type a global variable points to (0: none). */
static uint32_t
pointee(const struct ptab *t, uint32_t var)
{
   const struct pid *ptr = pid_of(t, pid_of(t, var)->b);
   return ptr->op == SpvOpTypePointer ? ptr->b : 0;
}

/* Where gl_Position lives: either a Position-decorated variable, or member `member` of a
 * gl_PerVertex-style block variable. */
struct position_ref {
   uint32_t var;
   bool in_block;
   uint32_t member;
   uint32_t ptr_type; /* pointer-to-vec4 (Output) */
   uint32_t index_id; /* constant id of `member` used by an existing access chain */
   uint32_t vec4_type;
   uint32_t float_type;
   bool new_ptr_type; /* ptr_type must be declared (with an id above the old bound) */
};

static bool
find_position(const struct ptab *m, const uint32_t *w, size_t n, struct position_ref *pos)
{
   memset(pos, 0, sizeof(*pos));
   for (unsigned i = 0; i < m->num_vars && !pos->var; i++) {
      uint32_t v = m->vars[i];
      if (m->ids[v].a != SpvStorageClassOutput)
         continue;
      if (m->ids[v].builtin == SpvBuiltInPosition) {
         pos->var = v;
         pos->ptr_type = m->ids[v].b;
         pos->vec4_type = pointee(m, v);
         break;
      }
      const struct pid *st = pid_of(m, pointee(m, v));
      if (st->op != SpvOpTypeStruct)
         continue;
      for (uint32_t k = 0; k < st->num_members; k++) {
         const struct pmember *mb = &m->members[st->first_member + k];
         if (mb->builtin == SpvBuiltInPosition) {
            pos->var = v;
            pos->in_block = true;
            pos->member = k;
            pos->vec4_type = mb->type;
            break;
         }
      }
   }
   if (!pos->var)
      return false;
   const struct pid *vec = pid_of(m, pos->vec4_type);
   if (vec->op != SpvOpTypeVector || vec->b != 4)
      return false;
   pos->float_type = vec->a;
   if (!pos->in_block)
      return true;

   /* Reuse the index constant (and, for a whole-vector write, the pointer type) of an access
    * chain the code uses on gl_Position. None at all: the shader never touches gl_Position, and
    * there is nothing to remap. */
   for (size_t at = 5; at < n;) {
      uint32_t wc = w[at] >> 16, op = w[at] & 0xffff;
      const uint32_t *in = &w[at];
      at += wc;
      if ((op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) && wc >= 5 &&
          in[3] == pos->var && in[4] < m->bound && m->ids[in[4]].op == SpvOpConstant &&
          m->ids[in[4]].a == pos->member) {
         pos->index_id = in[4];
         if (wc == 5) {
            pos->ptr_type = in[1];
            break;
         }
      }
   }
   if (!pos->index_id)
      return false;
   /* Only component writes (gl_Position.x = ...): find or make an Output pointer to the vec4. */
   for (uint32_t id = 1; id < m->bound && !pos->ptr_type; id++)
      if (m->ids[id].op == SpvOpTypePointer && m->ids[id].a == SpvStorageClassOutput &&
          m->ids[id].b == pos->vec4_type)
         pos->ptr_type = id;
   if (!pos->ptr_type)
      pos->new_ptr_type = true;
   return true;
}

/* The type of the part of x->var that x->indices name (0: they name none). */
static uint32_t
part_type(const struct ptab *m, const struct spv_xfb_copy *x)
{
   uint32_t t = pointee(m, x->var);
   for (unsigned k = 0; k < x->num_indices && t; k++) {
      const struct pid *ti = pid_of(m, t);
      if (ti->op == SpvOpTypeStruct)
         t =
            x->indices[k] < ti->num_members ? m->members[ti->first_member + x->indices[k]].type : 0;
      else if (ti->op == SpvOpTypeArray || ti->op == SpvOpTypeMatrix)
         t = ti->a;
      else
         t = 0;
   }
   return t;
}

static uint32_t
find_builtin_var(const struct ptab *m, uint32_t storage, int32_t builtin)
{
   for (unsigned i = 0; i < m->num_vars; i++) {
      uint32_t v = m->vars[i];
      if (m->ids[v].a == storage && m->ids[v].builtin == builtin)
         return v;
   }
   return 0;
}

uint32_t *
spv_module_patch(const uint32_t *w, size_t n, const struct spv_patch *p, size_t *out_n,
                 const char **err)
{
   struct spirv_out b = {0};
   uint32_t *copy_ids = NULL; /* the transform feedback copies' ids, see COPY_PTR */
   struct ptab tab;
   const struct ptab *m = &tab;
   if ((*err = ptab_init(&tab, w, n))) {
      ptab_finish(&tab);
      return NULL;
   }
   uint32_t bound = w[3];

   /* gl_InstanceID plan. base_var is the BaseInstance input (the shader's own if it has one,
    * else a new one: new_base). */
   uint32_t inst_var = 0, base_var = 0, inst_ptr = 0;
   bool new_base = false, have_drawparams_cap = false;
   if (p->instance_id_minus_base) {
      inst_var = find_builtin_var(m, SpvStorageClassInput, SpvBuiltInInstanceIndex);
      if (inst_var && m->ids[inst_var].used) {
         inst_ptr = m->ids[inst_var].b;
         base_var = find_builtin_var(m, SpvStorageClassInput, SpvBuiltInBaseInstance);
         if (!base_var || !m->ids[base_var].used) {
            base_var = bound++;
            new_base = true;
         }
      } else {
         inst_var = 0;
      }
   }

   /* Depth plan. */
   struct position_ref pos;
   bool remap = p->remap_depth && find_position(m, w, n, &pos);
   /* the remap's factors (spv.h, SPV_CLIP_CONTROL_SPEC_ID): y, z and w's share of the new z */
   uint32_t ys_id = remap ? bound++ : 0, zs_id = remap ? bound++ : 0, ws_id = remap ? bound++ : 0;
   if (remap && pos.new_ptr_type)
      pos.ptr_type = bound++;
   bool geometry = m->exec_model == SpvExecutionModelGeometry;
   const bool xfb = p->num_xfb || p->num_xfb_copies;
   /* Copy-outs: per copy a pointer type, a variable and a constant per index; one 32-bit int
    * type for the constants (the module's own when it has one: a second is invalid). */
   const unsigned ncopy = p->num_xfb_copies;
   uint32_t int_type = 0;
   bool new_int_type = false;
   /* per copy: its pointer type, its variable, then one constant per index */
   copy_ids = ncopy ? calloc(ncopy, (2 + SPV_XFB_MAX_INDICES) * sizeof(*copy_ids)) : NULL;
   if (ncopy && !copy_ids)
      goto oom;
#define COPY_PTR(c) copy_ids[(c) * (2 + SPV_XFB_MAX_INDICES)]
#define COPY_VAR(c) copy_ids[(c) * (2 + SPV_XFB_MAX_INDICES) + 1]
#define COPY_IDX(c, k) copy_ids[(c) * (2 + SPV_XFB_MAX_INDICES) + 2 + (k)]
   if (ncopy) {
      for (uint32_t id = 1; id < m->bound && !int_type; id++)
         if (m->ids[id].op == SpvOpTypeInt && m->ids[id].a == 32)
            int_type = id;
      if (!int_type) {
         int_type = bound++;
         new_int_type = true;
      }
   }
   for (unsigned c = 0; c < ncopy; c++) {
      if (!part_type(m, &p->xfb_copies[c])) {
         free(copy_ids);
         ptab_finish(&tab);
         *err = "a captured part names no part of its variable";
         return NULL;
      }
      COPY_PTR(c) = bound++;
      COPY_VAR(c) = bound++;
      for (unsigned k = 0; k < p->xfb_copies[c].num_indices; k++)
         COPY_IDX(c, k) = bound++;
   }

   spirv_out_reserve(&b, n + 64);
   if (b.oom)
      goto oom;
   memcpy(b.w, w, 5 * sizeof(*w));
   b.n = 5;

   bool decos_done = false, globals_done = false, caps_done = false;
   uint32_t cur_fn = 0;

   for (size_t at = 5; at < n;) {
      uint32_t wc = w[at] >> 16, op = w[at] & 0xffff;
      const uint32_t *in = &w[at];
      at += wc;

      if (op == SpvOpCapability && wc >= 2 && in[1] == SpvCapabilityDrawParameters)
         have_drawparams_cap = true;
      if (!caps_done && op != SpvOpCapability) {
         if (base_var && !have_drawparams_cap)
            SPIRV_OUT_EMIT(&b, SpvOpCapability, SpvCapabilityDrawParameters);
         if (xfb)
            SPIRV_OUT_EMIT(&b, SpvOpCapability, SpvCapabilityTransformFeedback);
         caps_done = true;
      }
      if (!decos_done && !is_preamble_op(op)) {
         for (unsigned i = 0; i < p->num_decos; i++)
            if (alias_of(p, p->decos[i].id) == p->decos[i].id)
               SPIRV_OUT_EMIT(&b, SpvOpDecorate, p->decos[i].id,
                              spv_decoration_of_kind[p->decos[i].kind], p->decos[i].value);
         if (new_base)
            SPIRV_OUT_EMIT(&b, SpvOpDecorate, base_var, SpvDecorationBuiltIn,
                           SpvBuiltInBaseInstance);
         for (unsigned i = 0; i < p->num_xfb; i++) {
            const struct spv_xfb_deco *x = &p->xfb[i];
            SPIRV_OUT_EMIT(&b, SpvOpDecorate, x->id, SpvDecorationXfbBuffer, x->buffer);
            SPIRV_OUT_EMIT(&b, SpvOpDecorate, x->id, SpvDecorationXfbStride, x->stride);
            SPIRV_OUT_EMIT(&b, SpvOpDecorate, x->id, SpvDecorationOffset, x->offset);
         }
         for (unsigned c = 0; c < ncopy; c++) {
            const struct spv_xfb_deco *x = &p->xfb_copies[c].deco;
            SPIRV_OUT_EMIT(&b, SpvOpDecorate, COPY_VAR(c), SpvDecorationLocation,
                           p->xfb_copies[c].location);
            SPIRV_OUT_EMIT(&b, SpvOpDecorate, COPY_VAR(c), SpvDecorationComponent,
                           p->xfb_copies[c].component);
            SPIRV_OUT_EMIT(&b, SpvOpDecorate, COPY_VAR(c), SpvDecorationXfbBuffer, x->buffer);
            SPIRV_OUT_EMIT(&b, SpvOpDecorate, COPY_VAR(c), SpvDecorationXfbStride, x->stride);
            SPIRV_OUT_EMIT(&b, SpvOpDecorate, COPY_VAR(c), SpvDecorationOffset, x->offset);
            if (x->stream && !p->single_stream)
               SPIRV_OUT_EMIT(&b, SpvOpDecorate, COPY_VAR(c), SpvDecorationStream, x->stream);
         }
         if (remap) {
            SPIRV_OUT_EMIT(&b, SpvOpDecorate, ys_id, SpvDecorationSpecId,
                           SPV_CLIP_CONTROL_SPEC_ID + 0);
            SPIRV_OUT_EMIT(&b, SpvOpDecorate, zs_id, SpvDecorationSpecId,
                           SPV_CLIP_CONTROL_SPEC_ID + 1);
            SPIRV_OUT_EMIT(&b, SpvOpDecorate, ws_id, SpvDecorationSpecId,
                           SPV_CLIP_CONTROL_SPEC_ID + 2);
         }
         decos_done = true;
      }
      if (!globals_done && op == SpvOpFunction) {
         if (new_base)
            SPIRV_OUT_EMIT(&b, SpvOpVariable, inst_ptr, base_var, SpvStorageClassInput);
         if (remap && pos.new_ptr_type)
            SPIRV_OUT_EMIT(&b, SpvOpTypePointer, pos.ptr_type, SpvStorageClassOutput,
                           pos.vec4_type);
         if (remap) {
            SPIRV_OUT_EMIT(&b, SpvOpSpecConstant, pos.float_type, ys_id, 0x3f800000u /* 1 */);
            SPIRV_OUT_EMIT(&b, SpvOpSpecConstant, pos.float_type, zs_id, 0x3f000000u /* 0.5 */);
            SPIRV_OUT_EMIT(&b, SpvOpSpecConstant, pos.float_type, ws_id, 0x3f000000u /* 0.5 */);
         }
         if (new_int_type)
            SPIRV_OUT_EMIT(&b, SpvOpTypeInt, int_type, 32, 1);
         for (unsigned c = 0; c < ncopy; c++) {
            const struct spv_xfb_copy *x = &p->xfb_copies[c];
            for (unsigned k = 0; k < x->num_indices; k++)
               SPIRV_OUT_EMIT(&b, SpvOpConstant, int_type, COPY_IDX(c, k), x->indices[k]);
            SPIRV_OUT_EMIT(&b, SpvOpTypePointer, COPY_PTR(c), SpvStorageClassOutput,
                           part_type(m, x));
            SPIRV_OUT_EMIT(&b, SpvOpVariable, COPY_PTR(c), COPY_VAR(c), SpvStorageClassOutput);
         }
         globals_done = true;
      }

      switch (op) {
      case SpvOpCapability:
         if (p->single_stream && wc >= 2 && in[1] == SpvCapabilityGeometryStreams)
            continue;
         break;
      case SpvOpDecorate:
         if (wc >= 3 && in[2] == SpvDecorationRelaxedPrecision)
            continue; /* every precision is highp (see the file comment) */
         if (p->single_stream && wc >= 4 && in[2] == SpvDecorationStream)
            continue;
         if (wc >= 4 && deco_kind_of(in[2]) >= 0 && overridden(p, in[1], deco_kind_of(in[2])))
            continue; /* replaced by the override emitted after the annotations */
         if (wc >= 2 && alias_of(p, in[1]) != in[1])
            continue;
         break;
      case SpvOpMemberDecorate:
         if (wc >= 4 && in[3] == SpvDecorationRelaxedPrecision)
            continue;
         if (p->single_stream && wc >= 5 && in[3] == SpvDecorationStream)
            continue;
         /* fall through */
      case SpvOpName:
      case SpvOpMemberName:
         if (wc >= 2 && alias_of(p, in[1]) != in[1])
            continue;
         break;
      case SpvOpVariable:
         if (wc >= 3 && alias_of(p, in[2]) != in[2])
            continue;
         break;
      case SpvOpAccessChain:
      case SpvOpInBoundsAccessChain:
      case SpvOpPtrAccessChain:
         if (wc >= 4 && alias_of(p, in[3]) != in[3]) {
            spirv_out_reserve(&b, wc);
            if (b.oom)
               goto oom;
            memcpy(&b.w[b.n], in, wc * sizeof(*in));
            b.w[b.n + 3] = alias_of(p, in[3]);
            b.n += wc;
            continue;
         }
         break;
      case SpvOpCopyMemory:
         if (wc >= 3 && alias_of(p, in[2]) != in[2]) {
            spirv_out_reserve(&b, wc);
            if (b.oom)
               goto oom;
            memcpy(&b.w[b.n], in, wc * sizeof(*in));
            b.w[b.n + 2] = alias_of(p, in[2]);
            b.n += wc;
            continue;
         }
         break;
      case SpvOpEntryPoint:
         if (new_base || p->num_aliases || ncopy) {
            /* Interface list: aliased variables leave it, the BaseInstance input joins it. */
            spirv_out_reserve(&b, wc + 2 + ncopy);
            if (b.oom)
               goto oom;
            size_t at0 = b.n;
            b.n++;
            unsigned k = 1;
            /* execution model, function id, then the name (a NUL-terminated literal) */
            for (; k < wc && k < 3; k++)
               b.w[b.n++] = in[k];
            for (; k < wc; k++) {
               b.w[b.n++] = in[k];
               if (!(in[k] & 0xff000000u)) {
                  k++;
                  break;
               }
            }
            for (; k < wc; k++)
               if (alias_of(p, in[k]) == in[k])
                  b.w[b.n++] = in[k];
            if (new_base)
               b.w[b.n++] = base_var;
            for (unsigned c = 0; c < ncopy; c++)
               b.w[b.n++] = COPY_VAR(c);
            b.w[at0] = ((uint32_t)(b.n - at0) << 16) | op;
            if (xfb && wc >= 3)
               SPIRV_OUT_EMIT(&b, SpvOpExecutionMode, in[2], SpvExecutionModeXfb);
            continue;
         }
         if (xfb && wc >= 3) {
            spirv_out_emit(&b, op, wc - 1, &in[1]);
            SPIRV_OUT_EMIT(&b, SpvOpExecutionMode, in[2], SpvExecutionModeXfb);
            continue;
         }
         break;
      case SpvOpFunction: cur_fn = in[2]; break;
      case SpvOpFunctionEnd: cur_fn = 0; break;
      case SpvOpLoad:
         if (base_var && cur_fn && wc >= 4 && wc <= 9 && in[3] == inst_var) {
            uint32_t a = bound++, c = bound++;
            uint32_t ops[8];
            memcpy(ops, &in[1], (wc - 1) * sizeof(*in));
            ops[1] = a;
            spirv_out_emit(&b, SpvOpLoad, wc - 1, ops);
            SPIRV_OUT_EMIT(&b, SpvOpLoad, in[1], c, base_var);
            SPIRV_OUT_EMIT(&b, SpvOpISub, in[1], in[2], a, c);
            continue;
         }
         if (wc >= 4 && alias_of(p, in[3]) != in[3]) {
            spirv_out_reserve(&b, wc);
            if (b.oom)
               goto oom;
            memcpy(&b.w[b.n], in, wc * sizeof(*in));
            b.w[b.n + 3] = alias_of(p, in[3]);
            b.n += wc;
            continue;
         }
         break;
      case SpvOpReturn:
      case SpvOpEmitVertex:
      case SpvOpEmitStreamVertex:
         if ((remap || ncopy) && cur_fn &&
             (geometry ? op != SpvOpReturn : (op == SpvOpReturn && cur_fn == m->entry_point))) {
            /* The vertex is handed on here: copy the captured parts out first. */
            for (unsigned c = 0; c < ncopy; c++) {
               const struct spv_xfb_copy *x = &p->xfb_copies[c];
               uint32_t ops[3 + SPV_XFB_MAX_INDICES];
               const uint32_t val = bound++;
               if (!x->num_indices) {
                  SPIRV_OUT_EMIT(&b, SpvOpLoad, part_type(m, x), val, x->var);
                  SPIRV_OUT_EMIT(&b, SpvOpStore, COPY_VAR(c), val);
                  continue;
               }
               const uint32_t chain = bound++;
               ops[0] = COPY_PTR(c);
               ops[1] = chain;
               ops[2] = x->var;
               for (unsigned k = 0; k < x->num_indices; k++)
                  ops[3 + k] = COPY_IDX(c, k);
               spirv_out_emit(&b, SpvOpAccessChain, 3 + x->num_indices, ops);
               SPIRV_OUT_EMIT(&b, SpvOpLoad, part_type(m, x), val, chain);
               SPIRV_OUT_EMIT(&b, SpvOpStore, COPY_VAR(c), val);
            }
         }
         if (remap && cur_fn &&
             (geometry ? op != SpvOpReturn : (op == SpvOpReturn && cur_fn == m->entry_point))) {
            uint32_t ptr = pos.var;
            if (pos.in_block) {
               ptr = bound++;
               SPIRV_OUT_EMIT(&b, SpvOpAccessChain, pos.ptr_type, ptr, pos.var, pos.index_id);
            }
            uint32_t v = bound++, y = bound++, ny = bound++, z = bound++, ww = bound++;
            uint32_t zp = bound++, wp = bound++, h = bound++, v1 = bound++, nv = bound++;
            SPIRV_OUT_EMIT(&b, SpvOpLoad, pos.vec4_type, v, ptr);
            SPIRV_OUT_EMIT(&b, SpvOpCompositeExtract, pos.float_type, y, v, 1);
            SPIRV_OUT_EMIT(&b, SpvOpCompositeExtract, pos.float_type, z, v, 2);
            SPIRV_OUT_EMIT(&b, SpvOpCompositeExtract, pos.float_type, ww, v, 3);
            SPIRV_OUT_EMIT(&b, SpvOpFMul, pos.float_type, ny, y, ys_id);
            SPIRV_OUT_EMIT(&b, SpvOpFMul, pos.float_type, zp, z, zs_id);
            SPIRV_OUT_EMIT(&b, SpvOpFMul, pos.float_type, wp, ww, ws_id);
            SPIRV_OUT_EMIT(&b, SpvOpFAdd, pos.float_type, h, zp, wp);
            SPIRV_OUT_EMIT(&b, SpvOpCompositeInsert, pos.vec4_type, v1, ny, v, 1);
            SPIRV_OUT_EMIT(&b, SpvOpCompositeInsert, pos.vec4_type, nv, h, v1, 2);
            SPIRV_OUT_EMIT(&b, SpvOpStore, ptr, nv);
         }
         break;
      default: break;
      }
      if (p->single_stream && (op == SpvOpEmitStreamVertex || op == SpvOpEndStreamPrimitive)) {
         /* stream 0, the only one the program names: the plain instruction */
         const uint32_t none[1] = {0};
         spirv_out_emit(&b, op == SpvOpEmitStreamVertex ? SpvOpEmitVertex : SpvOpEndPrimitive, 0,
                        none);
         continue;
      }
      spirv_out_emit(&b, op, wc - 1, &in[1]);
   }
   if (b.oom)
      goto oom;
   b.w[3] = bound;
   *out_n = b.n;
   free(copy_ids);
   ptab_finish(&tab);
   return b.w;

oom:
   free(copy_ids);
   ptab_finish(&tab);
   free(b.w);
   *err = "out of memory";
   return NULL;
}
