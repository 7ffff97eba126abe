#!/usr/bin/env python3
"""gen_pipe.py - generate MGPipe's C from pipe_types.def and pipe_calls.def.

Outputs (into the build directory; never committed):
  pipe_types.h   structs and enums, _Static_assert on every size and field offset, call ids
                 (each under its doc comment from pipe_calls.def)
  pipe_tables.h  G1 the screen/context function tables (each slot under its doc comment),
                 G2 the monolith thunks
A pipe_calls.def line without a doc comment stops the build.
  pipe_gen.c     G3 codec tables (payload size, tail element, span offsets) and the applier
                 switch, G4 the field-by-field verifier, names for stats
"""
import re
import sys

PRIM = {  # name: (C type, size)
    'u8': ('uint8_t', 1), 'u16': ('uint16_t', 2), 'u32': ('uint32_t', 4), 'u64': ('uint64_t', 8),
    'i8': ('int8_t', 1), 'i16': ('int16_t', 2), 'i32': ('int32_t', 4), 'i64': ('int64_t', 8),
    'f32': ('float', 4), 'f64': ('double', 8),
}
SPECIAL = {'handle': ('struct mgp_handle', 8, 4), 'span_in': ('struct mgp_span', 32, 8),
           'span_out': ('struct mgp_span', 32, 8)}
CLASSES = ['Screen', 'CtxCso', 'CtxState', 'CtxObject', 'CtxVerb', 'CtxQuery']
FLAGS = ['NeedsAck', 'HasBlob', 'VarTail', 'HostSpan', 'ReplySlot', 'Optional']
DOCS = {}  # call name: its doc comment from pipe_calls.def


def strip_comments(text):
    return re.sub(r'/\*.*?\*/', '', text, flags=re.S)


class Struct:
    def __init__(self, name):
        self.name = name
        self.fields = []  # (type, name, count, offset)
        self.enum_of = {}  # field name: the enum its values are taken from
        self.tail = None  # (type, count_field)
        self.size = 0
        self.align = 1


def type_info(structs, t):
    if t in PRIM:
        c, s = PRIM[t]
        return c, s, s
    if t in SPECIAL:
        return SPECIAL[t]
    if t in structs:
        st = structs[t]
        return 'struct ' + t, st.size, st.align
    sys.exit('gen_pipe: unknown type %s' % t)


def parse_types(path):
    text = strip_comments(open(path).read())
    enums, structs, order = {}, {}, []
    tokens = re.findall(r'(ENUM_BEGIN|STRUCT_BEGIN|ENUM_END|STRUCT_END|V|F|TAIL)\s*(\([^)]*\))?', text)
    cur_enum = cur = None
    for kw, args in tokens:
        a = [x.strip() for x in args[1:-1].split(',')] if args else []
        if kw == 'ENUM_BEGIN':
            cur_enum = a[0]
            enums[cur_enum] = []
        elif kw == 'ENUM_END':
            cur_enum = None
        elif kw == 'V':
            enums[cur_enum].append(a[0])
        elif kw == 'STRUCT_BEGIN':
            cur = Struct(a[0])
        elif kw == 'STRUCT_END':
            if cur.size % cur.align:
                sys.exit('gen_pipe: %s size %d not a multiple of its alignment %d: add a pad'
                         % (cur.name, cur.size, cur.align))
            structs[cur.name] = cur
            order.append(cur.name)
            cur = None
        elif kw == 'F':
            t, n = a[0], a[1]
            count = 0
            for extra in a[2:]:  # a count, an enum name, or both
                if extra.isdigit():
                    count = int(extra)
                elif extra in enums:
                    if t not in ('u8', 'u16', 'u32'):
                        sys.exit('gen_pipe: %s.%s: enum %s in a %s' % (cur.name, n, extra, t))
                    cur.enum_of[n] = extra
                else:
                    sys.exit('gen_pipe: %s.%s: %s is neither a count nor an enum' % (cur.name, n, extra))
            _, size, align = type_info(structs, t)
            if cur.size % align:
                sys.exit('gen_pipe: %s.%s at offset %d is misaligned (needs %d): add a pad'
                         % (cur.name, n, cur.size, align))
            cur.fields.append((t, n, count, cur.size))
            cur.size += size * max(count, 1)
            cur.align = max(cur.align, align)
        elif kw == 'TAIL':
            cur.tail = (a[0], a[1])
    return enums, structs, order


def call_docs(path):
    """{call name: doc comment lines}. A doc comment opens with two stars and ends on the line
    right above its X line; a call without one stops the build."""
    docs, pending, block = {}, None, None
    for n, line in enumerate(open(path).read().split('\n'), 1):
        s = line.strip()
        if block is not None:
            block.append(s)
            if '*/' in s:
                pending, block = block, None
            continue
        if s.startswith('/**'):
            block = [s]
            if '*/' in s:
                pending, block = block, None
            continue
        m = re.match(r'X\((\w+),', s)
        if m:
            if not pending:
                sys.exit('gen_pipe: %s:%d: call %s has no doc comment (/** what it means, who '
                         'sends it, what the server must do */ on the lines above it)'
                         % (path, n, m.group(1)))
            text = ' '.join(pending)
            text = re.sub(r'^/\*\*|\*/$', '', text).strip()
            text = re.sub(r'\s+\*\s+', ' ', ' ' + text).strip()
            if len(text) < 16:
                sys.exit('gen_pipe: %s:%d: call %s: a doc comment says what the call means'
                         % (path, n, m.group(1)))
            docs[m.group(1)] = text
        pending = None
    return docs


def doc_lines(text, indent, width=96):
    """A doc comment as C comment lines at the given indentation."""
    words, lines, cur = text.split(), [], ''
    for w in words:
        if cur and len(indent) + 4 + len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = cur + ' ' + w if cur else w
    lines.append(cur)
    out = [indent + '/** ' + lines[0]] + [indent + ' *  ' + x for x in lines[1:]]
    out[-1] += ' */'
    return out


def parse_calls(path):
    calls = []
    docs = call_docs(path)
    for m in re.finditer(r'^X\((\w+),\s*(\w+),\s*(\w+),\s*([^)]*)\)', strip_comments(open(path).read()), re.M):
        name, payload, cls, flags = m.groups()
        if name not in docs:
            sys.exit('gen_pipe: %s: call %s has no doc comment' % (path, name))
        DOCS[name] = docs[name]
        fl = [f.strip() for f in flags.split('|') if f.strip() and f.strip() != '0']
        for f in fl:
            if f not in FLAGS:
                sys.exit('gen_pipe: %s: unknown flag %s' % (name, f))
        if cls not in CLASSES:
            sys.exit('gen_pipe: %s: unknown class %s' % (name, cls))
        calls.append((name, payload, cls, fl))
    return calls


def spans_of(structs, sname, base=0, path=''):
    """Flattened (offset, direction, path) of every span inside a struct."""
    out = []
    for t, n, count, off in structs[sname].fields:
        for i in range(max(count, 1)):
            p = path + n + ('[%d]' % i if count else '')
            _, size, _ = type_info(structs, t)
            o = base + off + i * size
            if t in ('span_in', 'span_out'):
                out.append((o, 'in' if t == 'span_in' else 'out', p))
            elif t in structs:
                out += spans_of(structs, t, o, p + '.')
    return out


def gen_types(enums, structs, order, calls):
    o = ['/* pipe_types.h - GENERATED by src/pipe/gen_pipe.py from pipe_types.def and',
         ' * pipe_calls.def. DO NOT EDIT. */',
         '#ifndef MGL_PIPE_TYPES_H', '#define MGL_PIPE_TYPES_H', '',
         '#include <stddef.h>', '#include <stdint.h>', '#include "pipe_base.h"', '#include "pipe_formats.h"', '']
    for e, vals in enums.items():
        o.append('enum %s {' % e)
        for v in vals:
            o.append('   %s_%s,' % (e.upper(), v))
        o.append('};')
        o.append('static inline const char *')
        o.append('%s_name(unsigned v)' % e)
        o.append('{')
        o.append('   static const char *const n[] = {%s};' % ', '.join('"%s"' % v for v in vals))
        o.append('   return v < sizeof(n) / sizeof(n[0]) ? n[v] : "invalid";')
        o.append('}')
        o.append('')
    for sname in order:
        st = structs[sname]
        o.append('struct %s {' % sname)
        for t, n, count, off in st.fields:
            c, _, _ = type_info(structs, t)
            e = st.enum_of.get(n)
            o.append('   %s %s%s; /* @%d%s */' % (c, n, '[%d]' % count if count else '', off,
                                                 ' enum ' + e if e else ''))
        o.append('};')
        o.append('_Static_assert(sizeof(struct %s) == %d, "wire size of %s");' % (sname, st.size, sname))
        for t, n, count, off in st.fields:
            o.append('_Static_assert(offsetof(struct %s, %s) == %d, "wire offset of %s.%s");'
                     % (sname, n, off, sname, n))
        o.append('')
    o.append('enum mgp_call_id {')
    for name, _, _, _ in calls:
        o += doc_lines(DOCS[name], '   ')
        o.append('   MGP_CALL_%s,' % name)
    o.append('   MGP_CALL_COUNT')
    o.append('};')
    o.append('_Static_assert(MGP_CALL_COUNT <= 128, "caps.call_mask holds 128 calls");')
    o.append('')
    o.append('#endif')
    return '\n'.join(o) + '\n'


def proto(name, payload, cls, ptr_name):
    return 'void (*%s)(void *self, const struct %s *args, const void *tail, uint32_t tail_count)' % (
        ptr_name, payload)


def gen_tables(calls, structs):
    o = ['/* pipe_tables.h - GENERATED by src/pipe/gen_pipe.py from pipe_calls.def. DO NOT EDIT.',
         ' * G1: the two function tables. G2: the thunks every caller uses. */',
         '#ifndef MGL_PIPE_TABLES_H', '#define MGL_PIPE_TABLES_H', '', '#include "pipe_types.h"', '']
    for role, pred in (('screen', lambda c: c == 'Screen'), ('context', lambda c: c != 'Screen')):
        o.append('struct mgp_%s_vtbl {' % role)
        for name, payload, cls, fl in calls:
            if pred(cls):
                o += doc_lines(DOCS[name], '   ')
                o.append('   %s;' % proto(name, payload, cls, name))
        o.append('};')
        o.append('')
        o.append('/* An object of the %s role and the table that serves it. */' % role)
        o.append('struct mgp_%s {' % role)
        o.append('   const struct mgp_%s_vtbl *vtbl;' % role)
        o.append('   void *self;')
        o.append('};')
        o.append('')
    for name, payload, cls, fl in calls:
        role = 'screen' if cls == 'Screen' else 'context'
        st = structs[payload]
        if st.tail:
            tt, _ = st.tail
            c, _, _ = type_info(structs, tt)
            o.append('static inline void\nmgp_%s(const struct mgp_%s *p, const struct %s *args, const %s *tail)'
                     % (name, role, payload, c))
            o.append('{\n   p->vtbl->%s(p->self, args, tail, args->%s);\n}\n' % (name, st.tail[1]))
        else:
            o.append('static inline void\nmgp_%s(const struct mgp_%s *p, const struct %s *args)'
                     % (name, role, payload))
            o.append('{\n   p->vtbl->%s(p->self, args, NULL, 0);\n}\n' % name)
    o.append('#endif')
    return '\n'.join(o) + '\n'


def verify_fn(structs, sname):
    st = structs[sname]
    o = ['static inline __attribute__((unused)) int\nverify_%s(const struct %s *a, const struct %s *b, char *where, size_t n)'
         % (sname, sname, sname), '{']
    for t, n, count, off in st.fields:
        idx = '[i]' if count else ''
        loop = count or 1
        o.append('   for (unsigned i = 0; i < %du; i++) {' % loop)
        o.append('      (void)i;')
        if t in ('span_in', 'span_out'):
            o.append('      if (!mgp_verify_span(&a->%s%s, &b->%s%s, %s)) {' % (n, idx, n, idx,
                     'true' if t == 'span_in' else 'false'))
        elif t == 'handle':
            o.append('      if (a->%s%s.slot != b->%s%s.slot || a->%s%s.gen != b->%s%s.gen) {'
                     % (n, idx, n, idx, n, idx, n, idx))
        elif t in structs:
            o.append('      if (!verify_%s(&a->%s%s, &b->%s%s, where, n)) {' % (t, n, idx, n, idx))
        elif t in ('f32', 'f64'):
            o.append('      if (memcmp(&a->%s%s, &b->%s%s, sizeof(a->%s%s))) {' % (n, idx, n, idx, n, idx))
        else:
            o.append('      if (a->%s%s != b->%s%s) {' % (n, idx, n, idx))
        o.append('         mgp_verify_where(where, n, "%s.%s", i, %d);' % (sname, n, 1 if count else 0))
        o.append('         return 0;')
        o.append('      }')
        o.append('   }')
    o.append('   return 1;')
    o.append('}')
    o.append('')
    return o


def enum_refs(structs, enums, sname, base=0, path=''):
    """Flattened (offset, size, limit, path) of every enum-typed field inside a struct: the
    decoder refuses a value >= limit."""
    out = []
    st = structs[sname]
    for t, n, count, off in st.fields:
        _, size, _ = type_info(structs, t)
        for i in range(max(count, 1)):
            p = path + n + ('[%d]' % i if count else '')
            o = base + off + i * size
            if n in st.enum_of:
                e = st.enum_of[n]
                limit = len([v for v in enums[e] if v != 'COUNT'])
                if limit > 255:
                    sys.exit('gen_pipe: enum %s has over 255 values' % e)
                out.append((o, size, limit, p))
            elif t in structs:
                out += enum_refs(structs, enums, t, o, p + '.')
    return out


def gen_c(calls, structs, order, enums):
    o = ['/* pipe_gen.c - GENERATED by src/pipe/gen_pipe.py from pipe_types.def and',
         ' * pipe_calls.def. DO NOT EDIT.',
         ' * G3: codec tables and the applier switch. G4: the field-by-field verifier. */',
         '#include <stdbool.h>', '#include <string.h>', '#include "pipe_codec.h"', '']
    for name, payload, cls, fl in calls:
        sp = spans_of(structs, payload)
        if sp:
            o.append('static const struct mgp_span_ref spans_%s[] = {' % name)
            for off, d, p in sp:
                o.append('   {%d, %d, "%s"},' % (off, 1 if d == 'out' else 0, p))
            o.append('};')
        st = structs[payload]
        for kind, refs in (('enums', enum_refs(structs, enums, payload)),
                           ('tail_enums', enum_refs(structs, enums, st.tail[0])
                            if st.tail and st.tail[0] in structs else [])):
            if refs:
                o.append('static const struct mgp_enum_ref %s_%s[] = {' % (kind, name))
                for off, size, limit, p in refs:
                    o.append('   {%d, %d, %d, "%s"},' % (off, size, limit, p))
                o.append('};')
    o.append('')
    o.append('const struct mgp_call_info mgp_call_info[MGP_CALL_COUNT] = {')
    for name, payload, cls, fl in calls:
        st = structs[payload]
        sp = spans_of(structs, payload)
        if st.tail:
            tt, cf = st.tail
            _, tsize, _ = type_info(structs, tt)
            toff = [f[3] for f in st.fields if f[1] == cf][0]
        else:
            tsize, toff = 0, -1
        flags = ' | '.join('MGP_FLAG_' + f for f in fl) or '0'
        er = enum_refs(structs, enums, payload)
        ter = enum_refs(structs, enums, st.tail[0]) if st.tail and st.tail[0] in structs else []
        o.append('   [MGP_CALL_%s] = {"%s", MGP_CLASS_%s, %s, %d, %d, %d, %d, %s, %d, %s, %d, %s},'
                 % (name, name, cls, flags, st.size, tsize, toff, len(sp),
                    'spans_' + name if sp else 'NULL', len(er), 'enums_' + name if er else 'NULL',
                    len(ter), 'tail_enums_' + name if ter else 'NULL'))
    o.append('};')
    o.append('')
    # applier switch
    for role, pred in (('screen', lambda c: c == 'Screen'), ('context', lambda c: c != 'Screen')):
        o.append('bool\nmgp_dispatch_%s(const struct mgp_%s_vtbl *v, void *self, enum mgp_call_id call,'
                 ' const void *args, const void *tail, uint32_t tail_count)' % (role, role))
        o.append('{')
        o.append('   switch (call) {')
        for name, payload, cls, fl in calls:
            if pred(cls):
                o.append('   case MGP_CALL_%s:' % name)
                o.append('      if (!v->%s)' % name)
                o.append('         return false;')
                o.append('      v->%s(self, (const struct %s *)args, tail, tail_count);' % (name, payload))
                o.append('      return true;')
        o.append('   default:')
        o.append('      return false;')
        o.append('   }')
        o.append('}')
        o.append('')
        o.append('void\nmgp_%s_vtbl_mask(const struct mgp_%s_vtbl *v, uint64_t mask[2])' % (role, role))
        o.append('{')
        for name, payload, cls, fl in calls:
            if pred(cls):
                o.append('   if (v->%s)' % name)
                o.append('      mask[MGP_CALL_%s / 64] |= 1ull << (MGP_CALL_%s %% 64);' % (name, name))
        o.append('}')
        o.append('')
    # verifier
    for sname in order:
        o += verify_fn(structs, sname)
    o.append('bool\nmgp_verify_payload(enum mgp_call_id call, const void *a, const void *b, char *where, size_t n)')
    o.append('{')
    o.append('   switch (call) {')
    for name, payload, cls, fl in calls:
        o.append('   case MGP_CALL_%s:' % name)
        o.append('      return verify_%s(a, b, where, n);' % payload)
    o.append('   default:')
    o.append('      return false;')
    o.append('   }')
    o.append('}')
    o.append('')
    o.append('bool\nmgp_verify_tail(enum mgp_call_id call, const void *a, const void *b, uint32_t count, char *where, size_t n)')
    o.append('{')
    o.append('   switch (call) {')
    for name, payload, cls, fl in calls:
        st = structs[payload]
        if not st.tail:
            continue
        tt = st.tail[0]
        o.append('   case MGP_CALL_%s:' % name)
        o.append('      for (uint32_t i = 0; i < count; i++) {')
        if tt == 'handle':
            o.append('         const struct mgp_handle *x = (const struct mgp_handle *)a + i, *y = (const struct mgp_handle *)b + i;')
            o.append('         if (x->slot != y->slot || x->gen != y->gen) {')
        else:
            o.append('         if (!verify_%s((const struct %s *)a + i, (const struct %s *)b + i, where, n)) {' % (tt, tt, tt))
        o.append('            mgp_verify_where(where, n, "%s.tail", i, 1);' % name)
        o.append('            return false;')
        o.append('         }')
        o.append('      }')
        o.append('      return true;')
    o.append('   default:')
    o.append('      return count == 0;')
    o.append('   }')
    o.append('}')
    # Tables whose every entry funnels into one generic function: the encoder (wire arms) and
    # the tap (monolith with MGL_PIPE_STATS / MGL_PIPE_VERIFY).
    for prefix, fn in (('enc', 'mgp_encode_call'), ('tap', 'mgp_tap_call')):
        for role, pred in (('screen', lambda c: c == 'Screen'), ('context', lambda c: c != 'Screen')):
            for name, payload, cls, fl in calls:
                if pred(cls):
                    o.append('static void\n%s_%s(void *self, const struct %s *args, const void *tail, uint32_t tail_count)'
                             % (prefix, name, payload))
                    o.append('{\n   %s(self, MGP_CALL_%s, args, tail, tail_count);\n}\n' % (fn, name))
            o.append('const struct mgp_%s_vtbl mgp_%s_%s_vtbl = {' % (role, 'encoder' if prefix == 'enc' else 'tap', role))
            for name, payload, cls, fl in calls:
                if pred(cls):
                    o.append('   .%s = %s_%s,' % (name, prefix, name))
            o.append('};')
            o.append('')
    return '\n'.join(o) + '\n'


def main():
    types_def, calls_def, outdir = sys.argv[1:4]
    enums, structs, order = parse_types(types_def)
    calls = parse_calls(calls_def)
    names = set()
    for name, payload, cls, fl in calls:
        if name in names:
            sys.exit('gen_pipe: duplicate call %s' % name)
        names.add(name)
        if payload not in structs:
            sys.exit('gen_pipe: %s: unknown payload %s' % (name, payload))
        st = structs[payload]
        if ('VarTail' in fl) != bool(st.tail):
            sys.exit('gen_pipe: %s: VarTail flag and TAIL in %s disagree' % (name, payload))
        has_span = bool(spans_of(structs, payload))
        has_out = any(d == 'out' for _, d, _ in spans_of(structs, payload))
        if ('ReplySlot' in fl) != has_out:
            sys.exit('gen_pipe: %s: ReplySlot flag and span_out in %s disagree' % (name, payload))
        if ('HostSpan' in fl) and not has_span:
            sys.exit('gen_pipe: %s: HostSpan without a span' % name)
    for fname, text in (('pipe_types.h', gen_types(enums, structs, order, calls)),
                        ('pipe_tables.h', gen_tables(calls, structs)),
                        ('pipe_gen.c', gen_c(calls, structs, order, enums))):
        with open(outdir + '/' + fname, 'w') as f:
            f.write(text)


if __name__ == '__main__':
    main()
