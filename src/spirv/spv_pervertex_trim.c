/* spv_pervertex_trim.c — a module's built-in block (gl_PerVertex, gl_in[] or gl_out[]) cut
 * after a given member. Two uses:
 * - the last vertex stage's output block cut after the last member the code reaches: glslang
 *   declares the implicit block with gl_PointSize and gl_ClipDistance[1] whatever the shader
 *   writes, and a Vulkan device counts every member the block declares against its output limits
 *   (maxGeometryTotalOutputComponents among them), so a geometry shader that GL's limits allow
 *   could be over the device's with members it never writes;
 * - the blocks between two linked vertex stages cut to the same members: glslang's implicit
 *   block follows each unit's version (gl_CullDistance from GLSL 4.50, which an
 *   ARB_cull_distance unit compiles as), and Vulkan wants the built-in blocks of two linked
 *   stages other than the fragment stage to match exactly (the Interface Matching rules).
 * The other way, the shorter block grows to the longer one (spv_grow_pervertex): where the
 * code of the stage with the longer block reaches a member the other lacks, or their arrays
 * differ in length, both declare the longer members and the larger lengths.
 * Only trailing members go or come (the others keep their indices); the module is left alone
 * wherever the block or its type is used otherwise than through constant-index access chains
 * (a literal operand that equals one of their ids is no use: spv_operand_is_literal). */
#include "spv.h"

/* A constant's value (one-word OpConstant), or UINT32_MAX. */
static uint32_t
constant_value(const uint32_t *w, size_t n, uint32_t id)
{
   struct spv_walk d;
   if (!spv_find_def(w, n, id, &d) || d.op != SpvOpConstant || d.nops < 3)
      return UINT32_MAX;
   return d.o[2];
}

/* A built-in block variable: its struct type, the pointer type, the array type between them
 * (gl_in[] and gl_out[]; 0 for a block that is not arrayed) and the struct's member count. */
struct block {
   uint32_t var, type, ptr, arr, members;
};

/* The variable of storage class sc whose type is a struct (or an array of one) with built-in
 * members; false when there is none or more than one. */
static bool
find_block(const uint32_t *w, size_t n, uint32_t sc, struct block *b)
{
   uint32_t found = 0;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op != SpvOpVariable || it.nops < 3 || it.o[2] != sc)
         continue;
      struct spv_walk p, s;
      if (!spv_find_def(w, n, it.o[0], &p) || p.op != SpvOpTypePointer || p.nops < 3 ||
          !spv_find_def(w, n, p.o[2], &s))
         continue;
      uint32_t arr = 0;
      if (s.op == SpvOpTypeArray && s.nops >= 3) {
         arr = s.o[0];
         if (!spv_find_def(w, n, s.o[1], &s))
            continue;
      }
      if (s.op != SpvOpTypeStruct)
         continue;
      bool builtin = false;
      struct spv_walk d = spv_walk_begin(w, n);
      while (spv_walk_next(&d) && !builtin)
         builtin = d.op == SpvOpMemberDecorate && d.nops >= 3 && d.o[0] == s.o[0] &&
                   d.o[2] == SpvDecorationBuiltIn;
      if (!builtin)
         continue;
      if (found++)
         return false;
      *b = (struct block){
         .var = it.o[1], .type = s.o[0], .ptr = p.o[0], .arr = arr, .members = s.nops - 1};
   }
   return found == 1;
}

/* Members the code reaches (the last one's index + 1, at least 1), or 0 when the block is used
 * in a way a cut cannot follow; *bad when the words are malformed. */
static uint32_t
members_reached(const uint32_t *w, size_t n, const struct block *b, bool *bad)
{
   uint32_t reach = 1;
   /* operand of a chain on the variable that selects the member: after the vertex index */
   const uint32_t at = b->arr ? 4 : 3;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      const bool chain = (it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) &&
                         it.nops >= 3 && it.o[2] == b->var;
      if (chain) {
         /* a chain that stops at a whole block (gl_in[i]) is a use the cut cannot follow */
         if (it.nops <= at)
            return 0;
         const uint32_t m = constant_value(w, n, it.o[at]);
         if (m >= b->members)
            return 0;
         if (m + 1 > reach)
            reach = m + 1;
      }
      const bool names = it.op == SpvOpName || it.op == SpvOpMemberName ||
                         it.op == SpvOpMemberDecorate || it.op == SpvOpDecorate;
      const bool own = (it.op == SpvOpVariable && it.nops >= 2 && it.o[1] == b->var) ||
                       (it.op == SpvOpTypeStruct && it.o[0] == b->type) ||
                       (it.op == SpvOpTypePointer && it.nops >= 3 && it.o[0] == b->ptr) ||
                       (b->arr && it.op == SpvOpTypeArray && it.o[0] == b->arr) ||
                       it.op == SpvOpEntryPoint;
      if (own || names)
         continue;
      /* a literal equal to one by chance is no use (piglit's tes-gs-max-output: an int[124]
       * output beside the block's variable %124); one the grammar table does not know is
       * taken for a use, and the block left alone */
      for (uint32_t k = 0; k < it.nops; k++) {
         if ((chain && k == 2) || spv_operand_is_literal(&it, k))
            continue;
         if (it.o[k] == b->var || it.o[k] == b->type || it.o[k] == b->ptr ||
             (b->arr && it.o[k] == b->arr))
            return 0;
      }
   }
   *bad = it.bad;
   return it.bad ? 0 : reach;
}

/* The module with the block's struct declaring its first keep members. */
static uint32_t *
cut_block(const uint32_t *words, size_t num_words, const struct block *b, uint32_t keep,
          size_t *out_n, const char **err)
{
   struct spirv_out o = {0};
   spirv_out_put(&o, words, 5);
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it)) {
      if ((it.op == SpvOpMemberName || it.op == SpvOpMemberDecorate) && it.nops >= 2 &&
          it.o[0] == b->type && it.o[1] >= keep)
         continue;
      if (it.op == SpvOpTypeStruct && it.o[0] == b->type) {
         spirv_out_emit(&o, it.op, 1 + keep, it.o);
         continue;
      }
      spirv_out_put(&o, words + it.pc, it.len);
   }
   uint32_t *w = spirv_out_finish(&o, words[3], out_n);
   if (!w)
      *err = "out of memory";
   return w;
}

uint32_t *
spv_trim_pervertex_out(const uint32_t *words, size_t num_words, size_t *out_n, const char **err)
{
   *err = NULL;
   if (num_words < 5)
      return NULL;
   struct block b;
   if (!find_block(words, num_words, SpvStorageClassOutput, &b) || b.arr)
      return NULL;
   bool bad = false;
   const uint32_t keep = members_reached(words, num_words, &b, &bad);
   if (bad)
      *err = "malformed module";
   if (!keep || keep >= b.members)
      return NULL;
   return cut_block(words, num_words, &b, keep, out_n, err);
}

uint32_t
spv_pervertex_members(const uint32_t *words, size_t num_words, SpvStorageClass sc)
{
   struct block b;
   if (num_words < 5 || !find_block(words, num_words, sc, &b))
      return 0;
   return b.members;
}

uint32_t *
spv_cut_pervertex(const uint32_t *words, size_t num_words, SpvStorageClass sc, uint32_t keep,
                  size_t *out_n, const char **err)
{
   *err = NULL;
   struct block b;
   if (num_words < 5 || !keep || !find_block(words, num_words, sc, &b) || keep >= b.members)
      return NULL;
   bool bad = false;
   const uint32_t reach = members_reached(words, num_words, &b, &bad);
   if (bad)
      *err = "malformed module";
   if (!reach || reach > keep)
      return NULL;
   return cut_block(words, num_words, &b, keep, out_n, err);
}

/* A member's type as struct spv_pervertex_member describes it (its BuiltIn aside); false when it
 * is not one of those. */
static bool
describe_type(const uint32_t *w, size_t n, uint32_t id, struct spv_pervertex_member *m)
{
   struct spv_walk d;
   if (!spv_find_def(w, n, id, &d))
      return false;
   m->length = 0;
   if (d.op == SpvOpTypeArray && d.nops >= 3) {
      m->length = constant_value(w, n, d.o[2]);
      if (!m->length || m->length == UINT32_MAX || !spv_find_def(w, n, d.o[1], &d))
         return false;
   }
   m->comps = 1;
   if (d.op == SpvOpTypeVector && d.nops >= 3) {
      m->comps = d.o[2];
      if (!spv_find_def(w, n, d.o[1], &d))
         return false;
   }
   m->scalar = d.op;
   m->width = d.nops >= 2 ? d.o[1] : 0;
   m->sign = d.op == SpvOpTypeInt && d.nops >= 3 ? d.o[2] : 0;
   return (d.op == SpvOpTypeFloat && d.nops >= 2) || (d.op == SpvOpTypeInt && d.nops >= 3);
}

/* The block's members, their types from the struct (*s: its declaration). */
static bool
shape_of(const uint32_t *w, size_t n, const struct block *b, struct spv_walk *s,
         struct spv_pervertex *out)
{
   if (!spv_find_def(w, n, b->type, s) || s->nops < 2 || s->nops - 1 > SPV_PERVERTEX_MAX_MEMBERS)
      return false;
   out->count = s->nops - 1;
   for (uint32_t k = 0; k < out->count; k++) {
      out->m[k].builtin = UINT32_MAX;
      if (!describe_type(w, n, s->o[1 + k], &out->m[k]))
         return false;
   }
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.op == SpvOpMemberDecorate && it.nops >= 4 && it.o[0] == b->type &&
          it.o[1] < out->count && it.o[2] == SpvDecorationBuiltIn)
         out->m[it.o[1]].builtin = it.o[3];
   for (uint32_t k = 0; k < out->count; k++)
      if (out->m[k].builtin == UINT32_MAX)
         return false;
   return true;
}

bool
spv_pervertex_shape(const uint32_t *words, size_t num_words, SpvStorageClass sc,
                    struct spv_pervertex *out)
{
   struct block b;
   struct spv_walk s;
   return num_words >= 5 && find_block(words, num_words, sc, &b) &&
          shape_of(words, num_words, &b, &s, out);
}

/* Whether two members are the same but for their array lengths. */
static bool
same_member(const struct spv_pervertex_member *x, const struct spv_pervertex_member *y)
{
   return x->builtin == y->builtin && x->scalar == y->scalar && x->width == y->width &&
          x->sign == y->sign && x->comps == y->comps && !x->length == !y->length;
}

bool
spv_pervertex_union(const struct spv_pervertex *a, const struct spv_pervertex *b,
                    struct spv_pervertex *out)
{
   const struct spv_pervertex *shorter = a->count < b->count ? a : b;
   *out = a->count < b->count ? *b : *a;
   for (uint32_t k = 0; k < shorter->count; k++) {
      if (!same_member(&a->m[k], &b->m[k]))
         return false;
      if (a->m[k].length > out->m[k].length)
         out->m[k].length = a->m[k].length;
      if (b->m[k].length > out->m[k].length)
         out->m[k].length = b->m[k].length;
   }
   return true;
}

/* Whether an access chain on the block stops at member k where have's array is shorter than
 * want's: its pointer type would no longer be the member's. */
static bool
chain_stops_at_grown(const uint32_t *w, size_t n, const struct block *b,
                     const struct spv_pervertex *have, const struct spv_pervertex *want)
{
   const uint32_t at = b->arr ? 4 : 3;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if ((it.op != SpvOpAccessChain && it.op != SpvOpInBoundsAccessChain) || it.nops != at + 1 ||
          it.o[2] != b->var)
         continue;
      const uint32_t m = constant_value(w, n, it.o[at]);
      if (m < have->count && have->m[m].length < want->m[m].length)
         return true;
   }
   return false;
}

/* The declarations spv_grow_pervertex adds before the block's struct: types (op, the operands
 * after the result id) and OpConstants (op, its type and value), each with its new id. */
#define GROW_MAX_DECLS (SPV_PERVERTEX_MAX_MEMBERS * 4 + 4)
struct grow {
   const uint32_t *w;
   size_t n, struct_pc;
   uint32_t next;
   bool late; /* a type needed is declared only after the struct */
   unsigned count;
   struct {
      uint32_t op, nargs, args[2], id;
   } d[GROW_MAX_DECLS];
};

/* The id of type op (args after its result id) or of an OpConstant (args: type, value) declared
 * before the struct, or among the new declarations, or a new one. 0 when out of room or late. */
static uint32_t
grow_decl(struct grow *g, uint32_t op, uint32_t nargs, uint32_t a0, uint32_t a1, bool fresh)
{
   const uint32_t args[2] = {a0, a1};
   for (unsigned i = 0; !fresh && i < g->count; i++)
      if (g->d[i].op == op && g->d[i].nargs == nargs &&
          !memcmp(g->d[i].args, args, nargs * sizeof(*args)))
         return g->d[i].id;
   struct spv_walk it = spv_walk_begin(g->w, g->n);
   while (!fresh && spv_walk_next(&it)) {
      if (it.op != op || it.nops != 1 + nargs)
         continue;
      const bool constant = op == SpvOpConstant;
      const bool match =
         constant ? it.o[0] == a0 && it.o[2] == a1 : !memcmp(it.o + 1, args, nargs * sizeof(*args));
      if (!match)
         continue;
      if (it.pc < g->struct_pc)
         return constant ? it.o[1] : it.o[0];
      /* a second declaration of a scalar or vector type is not allowed */
      if (!constant)
         g->late = true;
   }
   if (g->late || g->count == GROW_MAX_DECLS)
      return 0;
   g->d[g->count].op = op;
   g->d[g->count].nargs = nargs;
   memcpy(g->d[g->count].args, args, sizeof(args));
   g->d[g->count].id = g->next++;
   return g->d[g->count++].id;
}

/* A member's type id, declared as grow_decl does (the array always a new type). */
static uint32_t
grow_type(struct grow *g, const struct spv_pervertex_member *m)
{
   uint32_t t = m->scalar == SpvOpTypeInt ? grow_decl(g, SpvOpTypeInt, 2, m->width, m->sign, false)
                                          : grow_decl(g, SpvOpTypeFloat, 1, m->width, 0, false);
   if (t && m->comps > 1)
      t = grow_decl(g, SpvOpTypeVector, 2, t, m->comps, false);
   if (t && m->length) {
      const uint32_t u = grow_decl(g, SpvOpTypeInt, 2, 32, 0, false);
      const uint32_t c = u ? grow_decl(g, SpvOpConstant, 2, u, m->length, false) : 0;
      t = c ? grow_decl(g, SpvOpTypeArray, 2, t, c, true) : 0;
   }
   return t;
}

/* OpMemberName type k name. */
static void
emit_member_name(struct spirv_out *o, uint32_t type, uint32_t k, const char *name)
{
   uint32_t ops[2 + 8] = {type, k};
   const size_t len = strlen(name); /* under 32 bytes: the names below */
   memset(ops + 2, 0, 8 * sizeof(uint32_t));
   memcpy(ops + 2, name, len);
   spirv_out_emit(o, SpvOpMemberName, 2 + (unsigned)(len / 4 + 1), ops);
}

static const char *
builtin_name(uint32_t builtin)
{
   switch (builtin) {
   case SpvBuiltInPosition: return "gl_Position";
   case SpvBuiltInPointSize: return "gl_PointSize";
   case SpvBuiltInClipDistance: return "gl_ClipDistance";
   case SpvBuiltInCullDistance: return "gl_CullDistance";
   default: return NULL;
   }
}

uint32_t *
spv_grow_pervertex(const uint32_t *words, size_t num_words, SpvStorageClass sc,
                   const struct spv_pervertex *want, size_t *out_n, const char **err)
{
   *err = NULL;
   struct block b;
   struct spv_walk s;
   struct spv_pervertex have;
   if (num_words < 5 || !find_block(words, num_words, sc, &b) ||
       !shape_of(words, num_words, &b, &s, &have) || have.count > want->count ||
       want->count > SPV_PERVERTEX_MAX_MEMBERS)
      return NULL;
   bool change = have.count < want->count;
   for (uint32_t k = 0; k < have.count; k++) {
      if (!same_member(&have.m[k], &want->m[k]) || have.m[k].length > want->m[k].length)
         return NULL;
      change |= have.m[k].length < want->m[k].length;
   }
   if (!change)
      return NULL;
   bool bad = false;
   if (!members_reached(words, num_words, &b, &bad)) {
      if (bad)
         *err = "malformed module";
      return NULL;
   }
   if (chain_stops_at_grown(words, num_words, &b, &have, want))
      return NULL;
   if (words[3] > UINT32_MAX - GROW_MAX_DECLS) {
      *err = "id bound too large";
      return NULL;
   }

   struct grow *g = calloc(1, sizeof(*g));
   if (!g) {
      *err = "out of memory";
      return NULL;
   }
   *g = (struct grow){.w = words, .n = num_words, .struct_pc = s.pc, .next = words[3]};
   uint32_t ids[1 + SPV_PERVERTEX_MAX_MEMBERS] = {b.type};
   for (uint32_t k = 0; k < want->count; k++) {
      const bool keep = k < have.count && have.m[k].length == want->m[k].length;
      ids[1 + k] = keep ? s.o[1 + k] : grow_type(g, &want->m[k]);
      if (!ids[1 + k]) {
         free(g);
         return NULL;
      }
   }
   /* the capabilities an added member's BuiltIn needs, where the module lacks them */
   bool need_clip = false, need_cull = false;
   for (uint32_t k = have.count; k < want->count; k++) {
      need_clip |= want->m[k].builtin == SpvBuiltInClipDistance;
      need_cull |= want->m[k].builtin == SpvBuiltInCullDistance;
   }
   size_t last_name = 0, last_deco = 0;
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpCapability && it.nops >= 1) {
         need_clip &= it.o[0] != SpvCapabilityClipDistance;
         need_cull &= it.o[0] != SpvCapabilityCullDistance;
      }
      if (it.op == SpvOpMemberName && it.nops >= 1 && it.o[0] == b.type)
         last_name = it.pc;
      if (it.op == SpvOpMemberDecorate && it.nops >= 1 && it.o[0] == b.type)
         last_deco = it.pc;
   }

   struct spirv_out o = {0};
   spirv_out_put(&o, words, 5);
   bool caps = false;
   it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it)) {
      if (!caps && it.op != SpvOpCapability) {
         caps = true;
         const uint32_t clip = SpvCapabilityClipDistance, cull = SpvCapabilityCullDistance;
         if (need_clip)
            spirv_out_emit(&o, SpvOpCapability, 1, &clip);
         if (need_cull)
            spirv_out_emit(&o, SpvOpCapability, 1, &cull);
      }
      if (it.pc == s.pc) {
         for (unsigned i = 0; i < g->count; i++) {
            const uint32_t *a = g->d[i].args;
            const uint32_t ops[3] = {g->d[i].op == SpvOpConstant ? a[0] : g->d[i].id,
                                     g->d[i].op == SpvOpConstant ? g->d[i].id : a[0], a[1]};
            spirv_out_emit(&o, g->d[i].op, 1 + g->d[i].nargs, ops);
         }
         spirv_out_emit(&o, SpvOpTypeStruct, 1 + want->count, ids);
         continue;
      }
      spirv_out_put(&o, words + it.pc, it.len);
      for (uint32_t k = have.count; k < want->count; k++) {
         const uint32_t ops[4] = {b.type, k, SpvDecorationBuiltIn, want->m[k].builtin};
         const char *name = builtin_name(want->m[k].builtin);
         if (it.pc == last_name && name)
            emit_member_name(&o, b.type, k, name);
         if (it.pc == last_deco)
            spirv_out_emit(&o, SpvOpMemberDecorate, 4, ops);
      }
   }
   uint32_t *w = spirv_out_finish(&o, g->next, out_n);
   free(g);
   if (!w)
      *err = "out of memory";
   return w;
}
