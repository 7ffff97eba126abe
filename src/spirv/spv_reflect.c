/* spv_reflect.c — reads the SPIR-V words glslang produced into a per-id table: names, member
 * names, decorations, types, 32-bit constants, global variables, and which globals the code
 * references. The GL linker (glsl_link.c) builds its reflection and its patch plan from it. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

static char *
spv_string(const uint32_t *w, unsigned nwords)
{
   size_t max = (size_t)nwords * 4;
   const char *s = (const char *)w; /* SPIR-V strings are little-endian bytes: host order here */
   size_t len = strnlen(s, max);
   if (len == max)
      return NULL;
   char *out = malloc(len + 1);
   if (out) {
      memcpy(out, s, len);
      out[len] = '\0';
   }
   return out;
}

/* An OpName / OpMemberName string, through the caller's demangle (the GL linker's: the name as
 * the app wrote it). */
static char *
spv_name(const uint32_t *w, unsigned nwords, spv_demangle_fn demangle)
{
   char *s = spv_string(w, nwords);
   const char *d = demangle && s ? demangle(s) : s;
   if (s && d != s)
      memmove(s, d, strlen(d) + 1);
   return s;
}

static void
id_init(struct spv_id *id)
{
   memset(id, 0, sizeof(*id));
   id->binding = id->set = id->location = id->component = id->index = id->builtin = -1;
   id->array_stride = -1;
}

void
spv_module_destroy(struct spv_module *m)
{
   if (!m)
      return;
   if (m->ids) {
      for (uint32_t i = 0; i < m->bound; i++) {
         free(m->ids[i].name);
         for (uint32_t k = 0; k < m->ids[i].num_members; k++)
            free(m->ids[i].members[k].name);
         free(m->ids[i].members);
         free(m->ids[i].constituents);
      }
   }
   free(m->ids);
   free(m->vars);
   free(m);
}

static bool
is_global_var(const struct spv_module *m, uint32_t id)
{
   return id < m->bound && m->ids[id].op == SpvOpVariable && m->ids[id].storage != 7 /* Function */;
}

/* Pass 1: definitions, entry point, function bodies (uses). */
static const char *
parse_definitions(struct spv_module *m, const uint32_t *w, size_t n)
{
   bool in_function = false;
   unsigned vars_cap = 0;

   for (size_t pos = 5; pos < n;) {
      uint32_t wc = w[pos] >> 16, op = w[pos] & 0xffff;
      if (wc == 0 || pos + wc > n)
         return "truncated instruction";
      const uint32_t *in = &w[pos];
      pos += wc;

      if (in_function) {
         if (op == SpvOpFunctionEnd) {
            in_function = false;
            continue;
         }
         if (op == SpvOpLine)
            continue;
         if (op == SpvOpVariable && wc >= 4 && in[2] < m->bound) {
            id_init(&m->ids[in[2]]);
            m->ids[in[2]].op = SpvOpVariable;
            m->ids[in[2]].var_type = in[1];
            m->ids[in[2]].storage = in[3];
         }
         /* Any operand naming a global variable counts as a use. A literal that happens to equal
          * a variable's id can only make us conservative (report it used). */
         for (uint32_t k = 1; k < wc; k++)
            if (is_global_var(m, in[k]))
               m->ids[in[k]].used = true;
         continue;
      }

      switch (op) {
      case SpvOpEntryPoint:
         if (wc < 3)
            return "bad OpEntryPoint";
         if (!m->entry_point) {
            m->exec_model = in[1];
            m->entry_point = in[2];
         }
         break;
      case SpvOpFunction: in_function = true; break;
      case SpvOpTypeVoid:
      case SpvOpTypeBool:
      case SpvOpTypeInt:
      case SpvOpTypeFloat:
      case SpvOpTypeVector:
      case SpvOpTypeMatrix:
      case SpvOpTypeImage:
      case SpvOpTypeSampler:
      case SpvOpTypeSampledImage:
      case SpvOpTypeArray:
      case SpvOpTypeRuntimeArray:
      case SpvOpTypeStruct:
      case SpvOpTypePointer:
      case SpvOpTypeFunction: {
         if (wc < 2 || in[1] >= m->bound)
            return "bad type instruction";
         struct spv_id *id = &m->ids[in[1]];
         id->op = (uint16_t)op;
         uint32_t nops = wc - 2;
         const uint32_t *o = &in[2];
         switch (op) {
         case SpvOpTypeInt:
         case SpvOpTypeVector:
         case SpvOpTypeMatrix:
         case SpvOpTypePointer:
            if (nops < 2)
               return "bad type instruction";
            id->a = o[0];
            id->b = o[1];
            break;
         case SpvOpTypeFloat:
         case SpvOpTypeSampledImage:
         case SpvOpTypeRuntimeArray:
            if (nops < 1)
               return "bad type instruction";
            id->a = o[0];
            break;
         case SpvOpTypeImage:
            if (nops < 7)
               return "bad OpTypeImage";
            id->a = o[0];
            id->b = o[1];
            id->c = o[2];
            id->d = o[3];
            id->e = o[4];
            break;
         case SpvOpTypeArray:
            if (nops < 2 || o[1] >= m->bound || m->ids[o[1]].op != SpvOpConstant)
               return "array length is not a constant";
            id->a = o[0];
            id->c = o[1];
            id->b = m->ids[o[1]].const_value;
            break;
         case SpvOpTypeStruct:
            id->num_members = nops;
            id->members = calloc(nops ? nops : 1, sizeof(*id->members));
            if (!id->members)
               return "out of memory";
            for (uint32_t k = 0; k < nops; k++) {
               id->members[k].type = o[k];
               id->members[k].offset = -1;
               id->members[k].builtin = -1;
               id->members[k].location = -1;
            }
            break;
         default: break;
         }
         break;
      }
      case SpvOpConstant:
         if (wc < 4 || in[2] >= m->bound)
            return "bad OpConstant";
         m->ids[in[2]].op = SpvOpConstant;
         m->ids[in[2]].a = in[1];
         m->ids[in[2]].const_value = in[3];
         m->ids[in[2]].const_high = wc >= 5 ? in[4] : 0;
         break;
      case SpvOpConstantTrue:
      case SpvOpConstantFalse:
      case SpvOpConstantNull:
         if (wc < 3 || in[2] >= m->bound)
            return "bad constant";
         m->ids[in[2]].op = (uint16_t)op;
         m->ids[in[2]].a = in[1];
         m->ids[in[2]].const_value = op == SpvOpConstantTrue;
         break;
      case SpvOpConstantComposite: {
         if (wc < 3 || in[2] >= m->bound)
            return "bad OpConstantComposite";
         struct spv_id *id = &m->ids[in[2]];
         id->op = SpvOpConstantComposite;
         id->a = in[1];
         id->num_constituents = wc - 3;
         id->constituents = malloc((wc - 3 ? wc - 3 : 1) * sizeof(uint32_t));
         if (!id->constituents)
            return "out of memory";
         memcpy(id->constituents, &in[3], (wc - 3) * sizeof(uint32_t));
         break;
      }
      case SpvOpVariable:
         if (wc < 4 || in[2] >= m->bound)
            return "bad OpVariable";
         m->ids[in[2]].op = SpvOpVariable;
         m->ids[in[2]].var_type = in[1];
         m->ids[in[2]].storage = in[3];
         m->ids[in[2]].var_init = wc >= 5 ? in[4] : 0;
         if (m->num_vars == vars_cap) {
            vars_cap = vars_cap ? vars_cap * 2 : 32;
            uint32_t *nv = realloc(m->vars, vars_cap * sizeof(*nv));
            if (!nv)
               return "out of memory";
            m->vars = nv;
         }
         m->vars[m->num_vars++] = in[2];
         break;
      default: break;
      }
   }
   return NULL;
}

/* Pass 2: names and decorations (they precede the types they name, so they come second). */
static const char *
parse_annotations(struct spv_module *m, const uint32_t *w, size_t n, spv_demangle_fn demangle)
{
   for (size_t pos = 5; pos < n;) {
      uint32_t wc = w[pos] >> 16, op = w[pos] & 0xffff;
      const uint32_t *in = &w[pos];
      pos += wc;

      if (op == SpvOpFunction)
         break;
      switch (op) {
      case SpvOpName:
         if (wc >= 3 && in[1] < m->bound && !m->ids[in[1]].name)
            m->ids[in[1]].name = spv_name(&in[2], wc - 2, demangle);
         break;
      case SpvOpMemberName:
         if (wc >= 4 && in[1] < m->bound && in[2] < m->ids[in[1]].num_members &&
             !m->ids[in[1]].members[in[2]].name)
            m->ids[in[1]].members[in[2]].name = spv_name(&in[3], wc - 3, demangle);
         break;
      case SpvOpDecorate: {
         if (wc < 3 || in[1] >= m->bound)
            break;
         struct spv_id *id = &m->ids[in[1]];
         int32_t lit = wc >= 4 ? (int32_t)in[3] : 0;
         switch (in[2]) {
         case SpvDecorationBlock: id->block = true; break;
         case SpvDecorationBufferBlock: id->block = true; break;
         case SpvDecorationArrayStride: id->array_stride = lit; break;
         case SpvDecorationBuiltIn: id->builtin = lit; break;
         case SpvDecorationNoPerspective: id->noperspective = true; break;
         case SpvDecorationFlat: id->flat = true; break;
         case SpvDecorationInvariant: id->invariant = true; break;
         case SpvDecorationCentroid: id->centroid = true; break;
         case SpvDecorationSample: id->sample = true; break;
         case SpvDecorationLocation: id->location = lit; break;
         case SpvDecorationComponent: id->component = lit; break;
         case SpvDecorationIndex: id->index = lit; break;
         case SpvDecorationBinding: id->binding = lit; break;
         case SpvDecorationDescriptorSet: id->set = lit; break;
         default: break;
         }
         break;
      }
      case SpvOpMemberDecorate: {
         if (wc < 4 || in[1] >= m->bound || in[2] >= m->ids[in[1]].num_members)
            break;
         struct spv_member *mb = &m->ids[in[1]].members[in[2]];
         int32_t lit = wc >= 5 ? (int32_t)in[4] : 0;
         switch (in[3]) {
         case SpvDecorationOffset: mb->offset = lit; break;
         case SpvDecorationMatrixStride: mb->matrix_stride = (uint32_t)lit; break;
         case SpvDecorationRowMajor: mb->row_major = true; break;
         case SpvDecorationColMajor: mb->row_major = false; break;
         case SpvDecorationBuiltIn: mb->builtin = lit; break;
         case SpvDecorationLocation: mb->location = lit; break;
         default: break;
         }
         break;
      }
      default: break;
      }
   }
   return NULL;
}

struct spv_module *
spv_module_parse(const uint32_t *words, size_t num_words, spv_demangle_fn demangle,
                 const char **err)
{
   *err = NULL;
   if (num_words < 5 || words[0] != SpvMagicNumber) {
      *err = "not a SPIR-V module";
      return NULL;
   }
   if (words[3] == 0 || words[3] > (1u << 22)) {
      *err = "implausible id bound";
      return NULL;
   }
   struct spv_module *m = calloc(1, sizeof(*m));
   if (!m) {
      *err = "out of memory";
      return NULL;
   }
   m->version = words[1];
   m->bound = words[3];
   m->ids = malloc(m->bound * sizeof(*m->ids));
   if (!m->ids) {
      free(m);
      *err = "out of memory";
      return NULL;
   }
   for (uint32_t i = 0; i < m->bound; i++)
      id_init(&m->ids[i]);

   *err = parse_definitions(m, words, num_words);
   if (!*err)
      *err = parse_annotations(m, words, num_words, demangle);
   if (!*err && !m->entry_point)
      *err = "no entry point";
   if (*err) {
      spv_module_destroy(m);
      return NULL;
   }
   return m;
}

const struct spv_id *
spv_type(const struct spv_module *m, uint32_t id)
{
   static const struct spv_id none;
   return id < m->bound ? &m->ids[id] : &none;
}

uint32_t
spv_var_pointee(const struct spv_module *m, uint32_t var)
{
   const struct spv_id *v = spv_type(m, var);
   const struct spv_id *ptr = spv_type(m, v->var_type);
   return ptr->op == SpvOpTypePointer ? ptr->b : 0;
}

uint32_t
spv_strip_arrays(const struct spv_module *m, uint32_t type, uint32_t *count)
{
   uint32_t n = 1;
   for (int guard = 0; guard < 16 && spv_type(m, type)->op == SpvOpTypeArray; guard++) {
      n *= spv_type(m, type)->b;
      type = spv_type(m, type)->a;
   }
   if (count)
      *count = n;
   return type;
}

uint32_t
spv_type_locations(const struct spv_module *m, uint32_t type)
{
   const struct spv_id *t = spv_type(m, type);
   switch (t->op) {
   case SpvOpTypeBool:
   case SpvOpTypeInt:
   case SpvOpTypeFloat: return 1;
   case SpvOpTypeVector: {
      uint32_t width = spv_type(m, t->a)->op == SpvOpTypeBool ? 32 : spv_type(m, t->a)->a;
      return width == 64 && t->b > 2 ? 2 : 1;
   }
   case SpvOpTypeMatrix: return t->b * spv_type_locations(m, t->a);
   case SpvOpTypeArray: return t->b * spv_type_locations(m, t->a);
   case SpvOpTypeStruct: {
      uint32_t sum = 0;
      for (uint32_t k = 0; k < t->num_members; k++)
         sum += spv_type_locations(m, t->members[k].type);
      return sum;
   }
   default: return 1;
   }
}

static uint32_t
scalar_size(const struct spv_module *m, uint32_t type)
{
   const struct spv_id *t = spv_type(m, type);
   if (t->op == SpvOpTypeBool)
      return 4;
   return t->a / 8;
}

uint32_t
spv_type_size(const struct spv_module *m, uint32_t type, uint32_t matrix_stride, bool row_major)
{
   const struct spv_id *t = spv_type(m, type);
   switch (t->op) {
   case SpvOpTypeBool:
   case SpvOpTypeInt:
   case SpvOpTypeFloat: return scalar_size(m, type);
   case SpvOpTypeVector: return t->b * scalar_size(m, t->a);
   case SpvOpTypeMatrix: {
      const struct spv_id *col = spv_type(m, t->a);
      uint32_t cols = t->b, rows = col->b;
      if (!matrix_stride)
         return cols * spv_type_size(m, t->a, 0, false);
      /* The last column (or row) is only as long as the vector, but GL's std140 rules size a
       * matrix as an array of stride-sized vectors. */
      return (row_major ? rows : cols) * matrix_stride;
   }
   case SpvOpTypeArray:
      if (t->b == 0)
         return 0;
      if (spv_type(m, type)->array_stride > 0)
         return t->b * (uint32_t)spv_type(m, type)->array_stride;
      return t->b * spv_type_size(m, t->a, matrix_stride, row_major);
   case SpvOpTypeStruct: {
      uint32_t end = 0;
      for (uint32_t k = 0; k < t->num_members; k++) {
         const struct spv_member *mb = &t->members[k];
         uint32_t off = mb->offset >= 0 ? (uint32_t)mb->offset : end;
         uint32_t e = off + spv_type_size(m, mb->type, mb->matrix_stride, mb->row_major);
         if (e > end)
            end = e;
      }
      return end;
   }
   default: return 0;
   }
}

void
spv_member_uses(const struct spv_module *m, const uint32_t *w, size_t n, uint32_t var, bool *used,
                uint32_t num_members)
{
   bool in_function = false;
   for (size_t pos = 5; pos < n;) {
      uint32_t wc = w[pos] >> 16, op = w[pos] & 0xffff;
      const uint32_t *in = &w[pos];
      if (wc == 0)
         return;
      pos += wc;
      if (op == SpvOpFunction) {
         in_function = true;
         continue;
      }
      if (!in_function || op == SpvOpLine)
         continue;
      if ((op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) && wc >= 5 && in[3] == var) {
         uint32_t idx = in[4];
         if (idx < m->bound && m->ids[idx].op == SpvOpConstant &&
             m->ids[idx].const_value < num_members) {
            used[m->ids[idx].const_value] = true;
            continue;
         }
      }
      for (uint32_t k = 1; k < wc; k++) {
         if (in[k] == var) {
            /* Whole-block use (or a dynamic index): everything counts. */
            for (uint32_t i = 0; i < num_members; i++)
               used[i] = true;
            break;
         }
      }
   }
}
