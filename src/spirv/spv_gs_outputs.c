/* spv_gs_outputs.c — a geometry module's outputs kept across EmitVertex.
 *
 * GLSL leaves an output undefined after EmitVertex (GLSL 4.60 8.16), but GL drivers keep the
 * value and programs rely on it: piglit's viewport-array tests write gl_ViewportIndex once and
 * then emit three vertices. SPIR-V says the same as GLSL, and a Vulkan driver may take it at its
 * word: NVIDIA's reads each vertex's outputs afresh, so the vertices after the first (among them
 * the provoking one) have no viewport index and the primitive lands in viewport 0. So each
 * output the code accesses becomes a Private variable the code reads and writes, copied to the
 * Output right before each OpEmitVertex / OpEmitStreamVertex (the way GL drivers lower them):
 *
 *   %p = OpVariable %_ptr_Private_T Private         (one per output, one per member of a block
 *   ...                                              such as gl_PerVertex that the code reaches)
 *   %v = OpLoad %T %p
 *        OpStore %out %v                            (a member: through an OpAccessChain)
 *        OpEmitVertex
 *
 * The Output variables keep their ids, types and decorations (the linker's decoration overrides
 * and transform-feedback copies name them), and the code before each emit that later passes add
 * (GL depth, transform feedback, clip enables) reads and writes the Output after the copy. Only
 * the members of a block the code reaches are copied: glslang declares gl_ClipDistance in
 * gl_PerVertex even where nothing writes it. A module that uses an output some other way (whole
 * block loaded or stored, a pointer passed to a function, an array of blocks) is left as it is
 * (*blocked), as is one with several entry points. Access chains rooted at an output take a
 * Private pointer type; one whose only index picked a block member goes, its loads and stores
 * taking the member's variable. The new
 * types and variables go just before the first function, ids above the old bound; from SPIR-V
 * 1.4 on the new variables join the entry point's interface.
 *
 * The same rewrite, copies made at each OpReturn of the entry point instead, serves vertex and
 * tessellation evaluation modules for the outputs that hold a 64-bit integer vector (alone, in
 * a struct or an array; a block: the members that hold one), and those alone
 * (spv_int64_output_copies): NVIDIA's Vulkan driver reads such an output wrong when the shader
 * stores it a component at a time (a u64vec2 varying whose .x and .y are written apart), right
 * when it is stored whole. A module without such an output is left byte for byte. A tessellation
 * control module with one is left as it is (*blocked): its outputs are shared between the
 * patch's invocations, read back after a barrier, which a Private copy would hide. */
#include "spv.h"

#define GO_WHOLE UINT32_MAX /* a slot for a whole variable, not a block member */

struct go_slot {
   uint32_t var;      /* the Output variable */
   uint32_t member;   /* the block member, or GO_WHOLE */
   uint32_t member_c; /* the constant an access chain picks the member with */
   uint32_t type;     /* what the slot holds */
   uint32_t priv;     /* the Private variable */
};

struct go {
   const uint32_t *w;
   size_t n;
   uint32_t bound;      /* the module's */
   uint32_t next;       /* the next new id */
   uint32_t *ptr_to;    /* per pointer type id: its pointee (0: not a pointer type) */
   uint32_t *priv;      /* per pointee type: a Private pointer type to it (0: none) */
   uint32_t *outp;      /* per pointee type: an Output pointer type to it (0: none) */
   uint8_t *made;       /* per pointee type: bit 1 its Private, bit 2 its Output pointer is new */
   uint8_t *block;      /* per type: 1 a Block struct (or one with BuiltIn members), 2 an array
                        * of one (at any depth) */
   uint32_t *struct_pc; /* per struct type: its instruction */
   uint32_t *cval;      /* per id: a one-word OpConstant's value + 1 (0: none) */
   uint8_t *wide;       /* per type: 1 a 64-bit integer, 2 holds a 64-bit integer vector */
   uint32_t *out_var;   /* per Output variable: its pointer type */
   uint32_t *out_init;  /* per Output variable: its initializer (0: none) */
   uint32_t *slot_of;   /* per Output variable used whole: its slot + 1 */
   uint8_t *derived;    /* per id: a pointer rooted at an output the rewrite moves */
   uint32_t *alias;     /* per id: a chain that only picked a block member: its Private
                         * variable, which its uses take instead (the chain goes) */
   struct go_slot *slots;
   uint32_t num_slots, cap_slots;
   size_t globals_end;
   uint32_t entries, entry_len, model, entry_fn;
   bool at_returns; /* copies at the entry point's returns, of wide outputs only (else: at
                      * each emit, of every output) */
   bool geometry, emits, has_wide, blocked, oom;
};

static void
go_free(struct go *g)
{
   free(g->ptr_to);
   free(g->priv);
   free(g->outp);
   free(g->made);
   free(g->block);
   free(g->struct_pc);
   free(g->cval);
   free(g->wide);
   free(g->out_var);
   free(g->out_init);
   free(g->slot_of);
   free(g->derived);
   free(g->alias);
   free(g->slots);
}

static bool
go_alloc(struct go *g)
{
   const size_t b = g->bound;
   g->ptr_to = calloc(b, sizeof(uint32_t));
   g->priv = calloc(b, sizeof(uint32_t));
   g->outp = calloc(b, sizeof(uint32_t));
   g->made = calloc(b, 1);
   g->block = calloc(b, 1);
   g->struct_pc = calloc(b, sizeof(uint32_t));
   g->cval = calloc(b, sizeof(uint32_t));
   g->wide = calloc(b, 1);
   g->out_var = calloc(b, sizeof(uint32_t));
   g->out_init = calloc(b, sizeof(uint32_t));
   g->slot_of = calloc(b, sizeof(uint32_t));
   g->derived = calloc(b, 1);
   g->alias = calloc(b, sizeof(uint32_t));
   return g->ptr_to && g->priv && g->outp && g->made && g->block && g->struct_pc && g->cval &&
          g->wide && g->out_var && g->out_init && g->slot_of && g->derived && g->alias;
}

static bool
id_ok(const struct go *g, uint32_t id)
{
   return id && id < g->bound;
}

/* The declarations: entry points, Block structs, pointer types, constants, Output variables. */
static void
scan_globals(struct go *g)
{
   struct spv_walk it = spv_walk_begin(g->w, g->n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      switch (it.op) {
      case SpvOpEntryPoint:
         g->entries++;
         g->entry_len = it.len;
         g->geometry = it.nops >= 1 && o[0] == SpvExecutionModelGeometry;
         g->model = it.nops >= 1 ? o[0] : UINT32_MAX;
         g->entry_fn = it.nops >= 2 ? o[1] : 0;
         break;
      case SpvOpTypeInt:
         if (it.nops >= 2 && id_ok(g, o[0]) && o[1] == 64)
            g->wide[o[0]] = 1;
         break;
      case SpvOpTypeVector:
         if (it.nops >= 2 && id_ok(g, o[0]) && id_ok(g, o[1]) && g->wide[o[1]] == 1)
            g->wide[o[0]] = 2;
         break;
      case SpvOpDecorate:
         if (it.nops >= 2 && id_ok(g, o[0]) && o[1] == SpvDecorationBlock)
            g->block[o[0]] = 1;
         break;
      case SpvOpMemberDecorate:
         if (it.nops >= 3 && id_ok(g, o[0]) && o[2] == SpvDecorationBuiltIn)
            g->block[o[0]] = 1;
         break;
      case SpvOpTypeStruct:
         if (it.nops >= 1 && id_ok(g, o[0])) {
            g->struct_pc[o[0]] = (uint32_t)it.pc;
            for (uint32_t k = 1; k < it.nops; k++)
               if (id_ok(g, o[k]) && g->wide[o[k]] == 2)
                  g->wide[o[0]] = 2;
         }
         break;
      case SpvOpTypeArray:
      case SpvOpTypeRuntimeArray:
         if (it.nops >= 2 && id_ok(g, o[0]) && id_ok(g, o[1]) && g->block[o[1]])
            g->block[o[0]] = 2;
         if (it.nops >= 2 && id_ok(g, o[0]) && id_ok(g, o[1]) && g->wide[o[1]] == 2)
            g->wide[o[0]] = 2;
         break;
      case SpvOpTypePointer:
         if (it.nops == 3 && id_ok(g, o[0]) && id_ok(g, o[2])) {
            g->ptr_to[o[0]] = o[2];
            if (o[1] == SpvStorageClassPrivate && !g->priv[o[2]])
               g->priv[o[2]] = o[0];
            if (o[1] == SpvStorageClassOutput && !g->outp[o[2]])
               g->outp[o[2]] = o[0];
         }
         break;
      case SpvOpConstant:
         if (it.nops == 3 && id_ok(g, o[1]) && o[2] != UINT32_MAX)
            g->cval[o[1]] = o[2] + 1;
         break;
      case SpvOpVariable:
         if (it.nops >= 3 && o[2] == SpvStorageClassOutput && id_ok(g, o[1]) && id_ok(g, o[0]) &&
             g->ptr_to[o[0]]) {
            g->out_var[o[1]] = o[0];
            g->out_init[o[1]] = it.nops >= 4 ? o[3] : 0;
            if (g->wide[g->ptr_to[o[0]]] == 2)
               g->has_wide = true;
         }
         break;
      case SpvOpEmitVertex:
      case SpvOpEmitStreamVertex: g->emits = true; break;
      case SpvOpFunction:
         if (!g->globals_end)
            g->globals_end = it.pc;
         break;
      default: break;
      }
   }
   if (it.bad)
      g->blocked = true;
}

/* A Private (bit 1) or Output (bit 2) pointer type to t: the module's, else a new one. */
static uint32_t
pointer_to(struct go *g, uint32_t t, uint8_t bit)
{
   uint32_t *p = bit == 1 ? &g->priv[t] : &g->outp[t];
   if (!*p) {
      *p = g->next++;
      g->made[t] |= bit;
   }
   return *p;
}

/* The Private variable of slot (var, member), the slot made at its first use (0: out of
 * memory). */
static uint32_t
use_slot(struct go *g, uint32_t var, uint32_t member, uint32_t member_c, uint32_t type)
{
   for (uint32_t k = 0; k < g->num_slots; k++)
      if (g->slots[k].var == var && g->slots[k].member == member)
         return g->slots[k].priv;
   struct go_slot *s = mgu_array_push(g->slots, g->num_slots, g->cap_slots);
   if (!s) {
      g->oom = true;
      return 0;
   }
   *s = (struct go_slot){
      .var = var, .member = member, .member_c = member_c, .type = type, .priv = g->next++};
   pointer_to(g, type, 1);
   if (member != GO_WHOLE)
      pointer_to(g, type, 2);
   else
      g->slot_of[var] = g->num_slots;
   return s->priv;
}

/* Whether operand k of instruction it may name a pointer (the literals of the instructions in
 * a function that carry some are skipped, so that a literal equal to an output's id is not
 * taken for a use of it). */
static bool
pointer_operand(const struct spv_walk *it, uint32_t k)
{
   switch (it->op) {
   case SpvOpCompositeExtract: return k < 3;
   case SpvOpCompositeInsert:
   case SpvOpVectorShuffle: return k < 4;
   case SpvOpExtInst: return k != 3;
   case SpvOpSwitch:
   case SpvOpSelectionMerge:
   case SpvOpLoopMerge: return k < 1;
   case SpvOpLine:
   case SpvOpNoLine:
   case SpvOpLabel:
   case SpvOpBranch:
   case SpvOpBranchConditional: return false;
   default: return true;
   }
}

/* Whether the rewrite moves output var (at returns: only one holding a 64-bit integer vector,
 * the others left untouched). */
static bool
moved(const struct go *g, uint32_t var)
{
   return g->out_var[var] && (!g->at_returns || g->wide[g->ptr_to[g->out_var[var]]] == 2);
}

/* The code: which outputs (and members of output blocks) it reaches; blocked where it uses one
 * in a way the rewrite does not follow. */
static void
scan_code(struct go *g)
{
   struct spv_walk it = spv_walk_begin(g->w, g->n);
   while (!g->blocked && !g->oom && spv_walk_next(&it)) {
      if (it.pc < g->globals_end)
         continue;
      const uint32_t *o = it.o;
      uint32_t from = 0, to = 0; /* the operands the case below took care of */
      uint32_t derived = 0;      /* the result, a pointer rooted at an output */
      switch (it.op) {
      case SpvOpAccessChain:
      case SpvOpInBoundsAccessChain: {
         if (it.nops < 3 || !id_ok(g, o[0]) || !id_ok(g, o[1]) || !id_ok(g, o[2]))
            break;
         const uint32_t base = o[2], pt = g->out_var[base];
         if (!g->derived[base] && !moved(g, base))
            break;
         from = 2, to = 3;
         if (g->at_returns && !g->derived[base] && g->block[g->ptr_to[pt]] == 1 &&
             g->struct_pc[g->ptr_to[pt]]) {
            /* a block member without a 64-bit integer vector stays on the Output */
            const uint32_t *st = g->w + g->struct_pc[g->ptr_to[pt]];
            const uint32_t m = it.nops >= 4 && id_ok(g, o[3]) ? g->cval[o[3]] : 0;
            if (m && m - 1 < (st[0] >> 16) - 2u && id_ok(g, st[2 + m - 1]) &&
                g->wide[st[2 + m - 1]] != 2)
               break;
         }
         derived = o[1];
         /* the chain's result: a Private pointer to the same type */
         if (!g->ptr_to[o[0]]) {
            g->blocked = true;
            break;
         }
         pointer_to(g, g->ptr_to[o[0]], 1);
         if (g->derived[base])
            break;
         const uint32_t pointee = g->ptr_to[pt];
         if (g->block[pointee] == 1 && g->struct_pc[pointee] && !g->out_init[base]) {
            const uint32_t *st = g->w + g->struct_pc[pointee];
            const uint32_t members = (st[0] >> 16) - 2;
            const uint32_t m = it.nops >= 4 && id_ok(g, o[3]) ? g->cval[o[3]] : 0;
            if (!m || m - 1 >= members) {
               g->blocked = true;
               break;
            }
            from = 2, to = 4;
            const uint32_t priv = use_slot(g, base, m - 1, o[3], st[2 + m - 1]);
            if (it.nops == 4)
               g->alias[o[1]] = priv;
         } else if (g->block[pointee]) {
            g->blocked = true; /* an array of blocks, or a block with an initializer */
         } else {
            use_slot(g, base, GO_WHOLE, 0, pointee);
         }
         break;
      }
      case SpvOpLoad:
      case SpvOpStore:
      case SpvOpCopyMemory: {
         from = it.op == SpvOpLoad ? 2 : 0;
         to = it.op == SpvOpCopyMemory ? 2 : from + 1;
         for (uint32_t k = from; k < to && k < it.nops; k++) {
            const uint32_t id = o[k];
            if (!id_ok(g, id) || !moved(g, id))
               continue;
            if (g->block[g->ptr_to[g->out_var[id]]])
               g->blocked = true; /* a whole block or array of blocks loaded or stored */
            else
               use_slot(g, id, GO_WHOLE, 0, g->ptr_to[g->out_var[id]]);
         }
         if (it.op == SpvOpLoad)
            from = 1; /* the result id too */
         break;
      }
      default: break;
      }
      /* any other operand naming an output or a pointer into one: not a use the rewrite
       * follows (a function argument, a select of pointers, ...) */
      for (uint32_t k = 0; k < it.nops && !g->blocked; k++) {
         if ((k >= from && k < to) || !pointer_operand(&it, k) || !id_ok(g, o[k]))
            continue;
         if (moved(g, o[k]) || g->derived[o[k]])
            g->blocked = true;
      }
      if (derived)
         g->derived[derived] = 1;
   }
   if (it.bad)
      g->blocked = true;
}

/* Before an emit (or a return): each slot's value to its output, whole. */
static void
emit_copies(struct go *g, struct spirv_out *o)
{
   for (uint32_t k = 0; k < g->num_slots; k++) {
      const struct go_slot *s = &g->slots[k];
      const uint32_t v = g->next++;
      SPIRV_OUT_EMIT(o, SpvOpLoad, s->type, v, s->priv);
      if (s->member == GO_WHOLE) {
         SPIRV_OUT_EMIT(o, SpvOpStore, s->var, v);
      } else {
         const uint32_t p = g->next++;
         SPIRV_OUT_EMIT(o, SpvOpAccessChain, g->outp[s->type], p, s->var, s->member_c);
         SPIRV_OUT_EMIT(o, SpvOpStore, p, v);
      }
   }
}

/* The slot a chain rooted at output var picks (its member by the constant c), or NULL. */
static const struct go_slot *
slot_for(const struct go *g, uint32_t var, uint32_t c)
{
   if (g->slot_of[var])
      return &g->slots[g->slot_of[var] - 1];
   for (uint32_t k = 0; k < g->num_slots; k++)
      if (g->slots[k].var == var && g->slots[k].member != GO_WHOLE &&
          g->cval[g->slots[k].member_c] == g->cval[c])
         return &g->slots[k];
   return NULL;
}

static uint32_t *
rewrite(struct go *g, size_t *out_n)
{
   struct spirv_out o = {0};
   spirv_out_put(&o, g->w, 5);
   const bool spv14 = g->w[1] >= 0x00010400u;
   uint32_t fn = 0; /* the function the walk is in */
   struct spv_walk it = spv_walk_begin(g->w, g->n);
   while (spv_walk_next(&it)) {
      const uint32_t *in = g->w + it.pc, *op = it.o;
      if (it.pc == g->globals_end) {
         /* the new pointer types (their pointees are declared above), then the variables */
         for (uint32_t t = 1; t < g->bound; t++) {
            if (g->made[t] & 1)
               SPIRV_OUT_EMIT(&o, SpvOpTypePointer, g->priv[t], SpvStorageClassPrivate, t);
            if (g->made[t] & 2)
               SPIRV_OUT_EMIT(&o, SpvOpTypePointer, g->outp[t], SpvStorageClassOutput, t);
         }
         for (uint32_t k = 0; k < g->num_slots; k++) {
            const struct go_slot *s = &g->slots[k];
            const uint32_t init = s->member == GO_WHOLE ? g->out_init[s->var] : 0;
            if (init)
               SPIRV_OUT_EMIT(&o, SpvOpVariable, g->priv[s->type], s->priv, SpvStorageClassPrivate,
                              init);
            else
               SPIRV_OUT_EMIT(&o, SpvOpVariable, g->priv[s->type], s->priv, SpvStorageClassPrivate);
         }
      }
      switch (it.op) {
      case SpvOpEntryPoint:
         if (!spv14)
            break;
         /* from SPIR-V 1.4 the interface lists every global the entry point uses */
         spirv_out_put(&o, (const uint32_t[]){((it.len + g->num_slots) << 16) | it.op}, 1);
         spirv_out_put(&o, op, it.nops);
         for (uint32_t k = 0; k < g->num_slots; k++)
            spirv_out_put(&o, &g->slots[k].priv, 1);
         continue;
      case SpvOpFunction: fn = it.nops >= 2 ? op[1] : 0; break;
      case SpvOpReturn:
         if (g->at_returns && fn == g->entry_fn)
            emit_copies(g, &o);
         break;
      case SpvOpEmitVertex:
      case SpvOpEmitStreamVertex:
         if (!g->at_returns && it.pc > g->globals_end)
            emit_copies(g, &o);
         break;
      case SpvOpAccessChain:
      case SpvOpInBoundsAccessChain: {
         if (it.pc < g->globals_end || it.nops < 3 || !id_ok(g, op[0]) || !id_ok(g, op[1]) ||
             !id_ok(g, op[2]))
            break;
         const uint32_t base = op[2];
         const uint32_t type = g->priv[g->ptr_to[op[0]]];
         if (g->alias[op[1]])
            continue; /* its uses take the member's variable */
         if (g->derived[base]) {
            const uint32_t b = g->alias[base] ? g->alias[base] : base;
            spirv_out_put(&o, (const uint32_t[]){in[0], type, op[1], b}, 4);
            spirv_out_put(&o, op + 3, it.nops - 3);
            continue;
         }
         if (!g->out_var[base])
            break;
         const struct go_slot *s = slot_for(g, base, it.nops >= 4 ? op[3] : 0);
         if (!s)
            break; /* not reached: the scan made a slot for every chain on an output */
         const uint32_t skip = s->member == GO_WHOLE ? 0 : 1; /* the member's index */
         const uint32_t head = ((it.len - skip) << 16) | it.op;
         spirv_out_put(&o, (const uint32_t[]){head, type, op[1], s->priv}, 4);
         spirv_out_put(&o, op + 3 + skip, it.nops - 3 - skip);
         continue;
      }
      case SpvOpLoad:
      case SpvOpStore:
      case SpvOpCopyMemory: {
         if (it.pc < g->globals_end || !spirv_out_reserve(&o, it.len))
            break;
         uint32_t *copy = o.w + o.n;
         memcpy(copy, in, it.len * sizeof(*in));
         const uint32_t from = it.op == SpvOpLoad ? 2 : 0;
         const uint32_t to = it.op == SpvOpCopyMemory ? 2 : from + 1;
         for (uint32_t k = from; k < to && k < it.nops; k++) {
            if (!id_ok(g, op[k]))
               continue;
            if (g->slot_of[op[k]])
               copy[1 + k] = g->slots[g->slot_of[op[k]] - 1].priv;
            else if (g->alias[op[k]])
               copy[1 + k] = g->alias[op[k]];
         }
         o.n += it.len;
         continue;
      }
      default: break;
      }
      spirv_out_put(&o, in, it.len);
   }
   return spirv_out_finish(&o, g->next, out_n);
}

/* The rewrite of words: at each emit (geometry) or at the entry point's returns (at_returns). */
static uint32_t *
output_copies(const uint32_t *words, size_t num_words, bool at_returns, size_t *out_n,
              bool *blocked, const char **err)
{
   *err = NULL;
   *blocked = false;
   if (num_words < 5 || words[3] == 0 || words[3] > SPV_ID_BOUND_MAX)
      return NULL;
   struct go g = {
      .w = words, .n = num_words, .bound = words[3], .next = words[3], .at_returns = at_returns};
   uint32_t *out = NULL;
   if (!go_alloc(&g)) {
      *err = "out of memory";
      goto done;
   }
   scan_globals(&g);
   if (at_returns) {
      const bool stage = g.model == SpvExecutionModelVertex ||
                         g.model == SpvExecutionModelTessellationEvaluation ||
                         g.model == SpvExecutionModelTessellationControl;
      if (g.blocked || !stage || !g.has_wide || g.entries != 1 || !g.globals_end) {
         /* several entry points: their outputs would share the copies */
         *blocked = g.has_wide && (g.blocked || g.entries != 1);
         goto done;
      }
   } else if (g.blocked || !g.geometry || g.entries != 1 || !g.globals_end || !g.emits) {
      /* several entry points: their outputs would share the copies */
      *blocked = g.blocked || (g.geometry && g.entries != 1);
      goto done;
   }
   scan_code(&g);
   if (g.oom) {
      *err = "out of memory";
      goto done;
   }
   if (g.entry_len + (uint64_t)g.num_slots > 0xffffu)
      g.blocked = true; /* no room in the entry point's interface (SPIR-V 1.4 lists them) */
   if (at_returns && g.model == SpvExecutionModelTessellationControl && g.num_slots)
      g.blocked = true; /* shared between invocations: see the top of the file */
   if (g.blocked || !g.num_slots) {
      *blocked = g.blocked;
      goto done;
   }
   out = rewrite(&g, out_n);
   if (!out)
      *err = "out of memory";
done:
   go_free(&g);
   return out;
}

uint32_t *
spv_gs_output_copies(const uint32_t *words, size_t num_words, size_t *out_n, bool *blocked,
                     const char **err)
{
   return output_copies(words, num_words, false, out_n, blocked, err);
}

uint32_t *
spv_int64_output_copies(const uint32_t *words, size_t num_words, size_t *out_n, bool *blocked,
                        const char **err)
{
   return output_copies(words, num_words, true, out_n, blocked, err);
}
