/* glb_blit_draw.c — the blits GLES's glBlitFramebuffer refuses and GL does not, drawn: a
 * single-sampled source into a multisampled image (GLES forbids a multisampled draw framebuffer
 * in a blit; GL 3.3 §4.3.2 gives every sample the source value), depth or stencil between two
 * formats (GL's glCopyTex*Image converts them, GL 3.3 §3.8.5; GLES's blit needs one format), the
 * samples of one multisampled image into another of as many, and sRGB colour without conversion
 * (GL_FRAMEBUFFER_SRGB off, every copy; GLES's blit always converts).
 *
 * The source level is first copied as it is into a single-level 2D texture of its own host
 * format (a blit the host takes: same format, same rectangle; glCopyImageSubData into a
 * multisampled texture for a multisampled source, into RGBA8 for an sRGB one read as stored),
 * then a small internal program draws the destination rectangle (clipped to the image and the
 * blit's scissor, as the viewport) with the blit's framebuffer bound: each fragment maps its
 * centre to the source as GL's blit does and texel-fetches there (nearest; GL_LINEAR by four
 * fetches; a multisampled source's sample gl_SampleID, or all of them averaged for an
 * unconverted sRGB resolve); a source texel outside the source image is not written (GL leaves
 * it undefined). Colour goes to the output of the destination's kind (float, int, uint), depth
 * to gl_FragDepth (depth test ALWAYS), stencil by nine stencil-only passes: one zeroes it, then
 * one per bit writes that bit where the source (sampled as GL_STENCIL_INDEX, GLES 3.1) has it.
 *
 * The draw moves host state behind the shadow: it comes from a non-draw entry point, which
 * forgot the shadow (glb_context_bind), and leaves scr->bound NULL, so the next draw puts the
 * context's whole state back and re-attaches its framebuffer. */
#include <stdio.h>
#include <string.h>

#include "glb.h"

enum { BD_FLOAT, BD_FLOAT_LINEAR, BD_INT, BD_UINT, BD_DEPTH, BD_STENCIL, BD_RESOLVE, BD_KINDS };
/* kind k from a multisampled source: BD_MS + k (sampler2DMS, each sample from its own) */
#define BD_MS BD_KINDS

static const char bd_vs[] =
   "#version %s es\n"
   "void main() {\n"
   "   gl_Position = vec4(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID & 2) * 2 - 1),\n"
   "                      0.0, 1.0);\n"
   "}\n";

/* %s: the version, the sample fetched (S), the sampler type and its MS suffix, the output
 * declaration, textureSize's level argument, the body (t: the texel, size: the image's) */
static const char bd_fs[] =
   "#version %s es\n"
   "#define S %s\n"
   "precision highp float;\n"
   "precision highp int;\n"
   "uniform highp %s%s u_src;\n"
   "uniform vec4 u_map; /* xy: the source point at the destination's origin; zw: its step */\n"
   "uniform vec4 u_dst; /* xy: the destination origin; z: the stencil bit (-1: none); w: the\n"
   "                       source's samples */\n"
   "%s\n"
   "void main() {\n"
   "   vec2 s = u_map.xy + (gl_FragCoord.xy - u_dst.xy) * u_map.zw;\n"
   "   ivec2 size = textureSize(u_src%s);\n"
   "   ivec2 t = ivec2(floor(s));\n"
   "   if (any(lessThan(t, ivec2(0))) || any(greaterThanEqual(t, size)))\n"
   "      discard;\n"
   "%s"
   "}\n";

static const char bd_linear[] =
   "   vec2 p = s - 0.5;\n"
   "   vec2 f = fract(p);\n"
   "   ivec2 a = clamp(ivec2(floor(p)), ivec2(0), size - 1);\n"
   "   ivec2 b = clamp(ivec2(floor(p)) + 1, ivec2(0), size - 1);\n"
   "   o = mix(mix(texelFetch(u_src, a, 0), texelFetch(u_src, ivec2(b.x, a.y), 0), f.x),\n"
   "           mix(texelFetch(u_src, ivec2(a.x, b.y), 0), texelFetch(u_src, b, 0), f.x), f.y);\n";

/* S: the sample texelFetch takes (the level of a single-sampled source, the fragment's
 * sample of a multisampled one: reading gl_SampleID shades each sample apart) */
static const struct {
   const char *sampler, *out, *body;
} bd_kinds[BD_KINDS] = {
   [BD_FLOAT] = {"sampler2D", "out vec4 o;", "   o = texelFetch(u_src, t, S);\n"},
   [BD_FLOAT_LINEAR] = {"sampler2D", "out vec4 o;", bd_linear},
   [BD_INT] = {"isampler2D", "out ivec4 o;", "   o = texelFetch(u_src, t, S);\n"},
   [BD_UINT] = {"usampler2D", "out uvec4 o;", "   o = texelFetch(u_src, t, S);\n"},
   [BD_DEPTH] = {"sampler2D", "", "   gl_FragDepth = texelFetch(u_src, t, S).r;\n"},
   [BD_STENCIL] = {"usampler2D", "",
                   "   if (u_dst.z >= 0.0 && ((texelFetch(u_src, t, S).r >> uint(u_dst.z)) & 1u) "
                   "== 0u)\n"
                   "      discard;\n"},
   /* a multisampled source's samples averaged (sRGB bytes resolved unconverted) */
   [BD_RESOLVE] = {"sampler2D", "out vec4 o;",
                   "   vec4 sum = vec4(0.0);\n"
                   "   for (int i = 0; i < int(u_dst.w); i++)\n"
                   "      sum += texelFetch(u_src, t, i);\n"
                   "   o = sum / u_dst.w;\n"},
};

static GLuint
compile(const struct glb_host *h, GLenum type, const char *src, char *log, GLsizei log_size)
{
   GLuint sh = GLB_GL(h)->glCreateShader(type);
   GLB_GL(h)->glShaderSource(sh, 1, &src, NULL);
   GLB_GL(h)->glCompileShader(sh);
   GLint ok = 0;
   GLB_GL(h)->glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      GLB_GL(h)->glGetShaderInfoLog(sh, log_size, NULL, log);
      GLB_GL(h)->glDeleteShader(sh);
      return 0;
   }
   return sh;
}

/* The program of kind k, linked at its first use; 0 after declining. */
static GLuint
program(struct glb_screen *scr, unsigned k)
{
   struct glb_blit_draw_progs *p = &scr->blit_draw;
   if (p->prog[k] || p->failed[k])
      return p->prog[k];
   const struct glb_host *h = scr->h;
   char fs[2048], log[256] = "";
   const bool ms = k >= BD_MS;
   const unsigned b = ms ? k - BD_MS : k;
   char vsrc[512];
   snprintf(vsrc, sizeof(vsrc), bd_vs, ms ? "320" : "300");
   snprintf(fs, sizeof(fs), bd_fs, ms ? "320" : "300", ms ? "gl_SampleID" : "0",
            bd_kinds[b].sampler, ms ? "MS" : "", bd_kinds[b].out, ms ? "" : ", 0",
            bd_kinds[b].body);
   GLuint vs = compile(h, GL_VERTEX_SHADER, vsrc, log, sizeof(log));
   GLuint fsh = vs ? compile(h, GL_FRAGMENT_SHADER, fs, log, sizeof(log)) : 0;
   GLuint prog = 0;
   if (vs && fsh) {
      prog = GLB_GL(h)->glCreateProgram();
      GLB_GL(h)->glAttachShader(prog, vs);
      GLB_GL(h)->glAttachShader(prog, fsh);
      GLB_GL(h)->glLinkProgram(prog);
      GLint ok = 0;
      GLB_GL(h)->glGetProgramiv(prog, GL_LINK_STATUS, &ok);
      if (!ok) {
         GLB_GL(h)->glGetProgramInfoLog(prog, sizeof(log), NULL, log);
         GLB_GL(h)->glDeleteProgram(prog);
         prog = 0;
      }
   }
   if (vs)
      GLB_GL(h)->glDeleteShader(vs);
   if (fsh)
      GLB_GL(h)->glDeleteShader(fsh);
   if (!prog) {
      p->failed[k] = true;
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: the host did not build the blit program %u: %.200s", k, log);
      return 0;
   }
   p->prog[k] = prog;
   p->map_loc[k] = GLB_GL(h)->glGetUniformLocation(prog, "u_map");
   p->dst_loc[k] = GLB_GL(h)->glGetUniformLocation(prog, "u_dst");
   return prog;
}

bool
glb_blit_needs_draw(const struct glb_resource *src, const struct glb_resource *dst, uint32_t mask)
{
   if (!src->fmt || !dst->fmt)
      return false;
   if (src->desc.samples > 1) /* into as many samples: each sample copied */
      return dst->desc.samples == src->desc.samples ||
             /* an unconverted sRGB resolve: the samples averaged */
             ((mask & GLB_BLIT_RAW) && dst->desc.samples <= 1 && (mask & MGP_BLIT_COLOR) &&
              !src->fmt->integer);
   if (mask & GLB_BLIT_RAW)
      return true;
   if ((mask & MGP_BLIT_COLOR) && dst->desc.samples > 1)
      return true;
   return (mask & (MGP_BLIT_DEPTH | MGP_BLIT_STENCIL)) &&
          (dst->desc.samples > 1 || src->fmt->internal != dst->fmt->internal);
}

/* The level's width and height of r, at least 1. */
static void
level_size(const struct glb_resource *r, uint32_t level, GLsizei wh[2])
{
   const uint32_t l = level < 16 ? level : 0;
   wh[0] = (GLsizei)(r->desc.width >> l ? r->desc.width >> l : 1);
   wh[1] = (GLsizei)(r->desc.height >> l ? r->desc.height >> l : 1);
}

/* The host state every blit draw needs (what the draw path's groups set otherwise). */
static void
plain_state(struct glb_screen *scr, const GLint rect[4])
{
   const struct glb_host *h = scr->h;
   static const GLenum off[] = {
      GL_BLEND,           GL_CULL_FACE,    GL_POLYGON_OFFSET_FILL, GL_SAMPLE_ALPHA_TO_COVERAGE,
      GL_SAMPLE_COVERAGE, GL_SCISSOR_TEST, GL_RASTERIZER_DISCARD,  GL_DITHER,
      GL_DEPTH_TEST,      GL_STENCIL_TEST};
   for (size_t i = 0; i < sizeof(off) / sizeof(off[0]); i++)
      GLB_GL(h)->glDisable(off[i]);
   if (scr->es_minor >= 1)
      GLB_GL(h)->glDisable(GL_SAMPLE_MASK);
   for (GLint i = 0; i < scr->max_clip_distances && i < 8; i++)
      GLB_GL(h)->glDisable(GL_CLIP_DISTANCE0_EXT + (GLenum)i);
   GLB_GL(h)->glColorMaski(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   GLB_GL(h)->glDepthMask(GL_FALSE);
   GLB_GL(h)->glStencilMaskSeparate(GL_FRONT_AND_BACK, 0);
   GLB_GL(h)->glDepthRangef(0.0f, 1.0f);
   GLB_GL(h)->glViewport(rect[0], rect[1], rect[2], rect[3]);
   GLB_GL(h)->glBindVertexArray(0);
}

/* The destination pixels the blit writes: its box within the level and the scissor, as x, y,
 * width, height; false when none. */
static bool
dst_rect(const struct mgp_blit *args, const GLsizei size[2], GLint rect[4])
{
   for (unsigned a = 0; a < 2; a++) {
      const int64_t d0 = args->dst_box[a], d1 = args->dst_box[a + 2];
      int64_t lo = d0 < d1 ? d0 : d1, hi = d0 < d1 ? d1 : d0;
      if (args->scissor_enable) {
         const int64_t c0 = args->scissor[a],
                       c1 = c0 + (args->scissor[a + 2] < 0 ? 0 : args->scissor[a + 2]);
         lo = lo > c0 ? lo : c0;
         hi = hi < c1 ? hi : c1;
      }
      lo = lo < 0 ? 0 : lo;
      hi = hi > size[a] ? size[a] : hi;
      if (hi <= lo)
         return false;
      rect[a] = (GLint)lo;
      rect[a + 2] = (GLint)(hi - lo);
   }
   return true;
}

static unsigned
color_kind(const struct glb_resource *r, unsigned filter)
{
   if (!r->fmt->integer)
      return filter == MGP_FILTER_LINEAR ? BD_FLOAT_LINEAR : BD_FLOAT;
   const GLenum t = r->fmt->type;
   return t == GL_BYTE || t == GL_SHORT || t == GL_INT ? BD_INT : BD_UINT;
}

/* One pass of program k over the destination rectangle. */
static void
pass(struct glb_screen *scr, unsigned k, const struct mgp_blit *args, float bit, float samples)
{
   const struct glb_host *h = scr->h;
   const struct glb_blit_draw_progs *p = &scr->blit_draw;
   float step[2];
   for (unsigned a = 0; a < 2; a++)
      step[a] = (float)((double)(args->src_box[a + 2] - (int64_t)args->src_box[a]) /
                        (double)(args->dst_box[a + 2] - (int64_t)args->dst_box[a]));
   GLB_GL(h)->glUseProgram(p->prog[k]);
   GLB_GL(h)->glUniform4f(p->map_loc[k], (float)args->src_box[0], (float)args->src_box[1], step[0],
                          step[1]);
   GLB_GL(h)->glUniform4f(p->dst_loc[k], (float)args->dst_box[0], (float)args->dst_box[1], bit,
                          samples);
   GLB_GL(h)->glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 1);
}

void
glb_blit_draw(struct glb_context *ctx, const struct glb_resource *src,
              const struct glb_resource *dst, const struct mgp_blit *args, uint32_t mask)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   const bool color = (mask & MGP_BLIT_COLOR) != 0;
   const bool depth = !color && (mask & MGP_BLIT_DEPTH);
   const bool stencil = !color && (mask & MGP_BLIT_STENCIL);
   GLsizei dsize[2], ssize[2];
   GLint rect[4];
   level_size(dst, args->dst.level, dsize);
   level_size(src, args->src.level, ssize);
   if (!dst_rect(args, dsize, rect))
      return;
   if (stencil && scr->es_minor < 1) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a stencil blit the host's blit refuses (%s to %s) before GLES 3.1 (no "
                  "stencil texturing to draw it from)",
                  mgp_format_name(src->desc.format), mgp_format_name(dst->desc.format));
      return;
   }
   const char *counted = glb_draw_counted(scr);
   if (counted) {
      /* GL's blits bypass the fragment operations and generate no primitives; a draw would be
       * counted */
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a blit the host's blit refuses (%s to %s, %u samples) under an active "
                  "%s query, which its draw would count",
                  mgp_format_name(src->desc.format), mgp_format_name(dst->desc.format),
                  dst->desc.samples, counted);
      return;
   }
   /* a multisampled source: copied whole (glCopyImageSubData, GLES 3.2) and fetched sample by
    * sample (gl_SampleID, ESSL 3.20); GL copies samples only between equal counts, unscaled */
   const bool ms = src->desc.samples > 1;
   /* an sRGB source read as stored: its bytes copied into an RGBA8 texture (RGB8 for SRGB8, its
    * RGB twin; llvmpipe's
    * texelFetch decodes an sRGB one whatever EXT_texture_sRGB_decode says) */
   const bool raw = src->desc.format == MGP_FORMAT_RGBA8_SRGB && !args->srgb_encode;
   const GLenum rs = GLB_GL(h)->glCheckFramebufferStatus(GL_READ_FRAMEBUFFER);
   const GLenum ds = GLB_GL(h)->glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
   /* (the read framebuffer only where the source is copied by a blit) */
   if ((rs != GL_FRAMEBUFFER_COMPLETE && !ms && !raw) || ds != GL_FRAMEBUFFER_COMPLETE) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a blit the host's blit refuses, between framebuffers the host has "
                  "incomplete (0x%x/0x%x: %s to %s)",
                  rs, ds, mgp_format_name(src->desc.format), mgp_format_name(dst->desc.format));
      return;
   }
   if (ms && scr->es_minor < 2) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a blit between multisampled images (%s to %s) before GLES 3.2",
                  mgp_format_name(src->desc.format), mgp_format_name(dst->desc.format));
      return;
   }
   const unsigned ms_k = ms ? BD_MS : 0;
   const float n = (float)(ms ? src->desc.samples : 1);
   const bool resolve = ms && dst->desc.samples <= 1;
   const unsigned kind0 = (resolve ? BD_RESOLVE
                           : color ? color_kind(dst, ms ? MGP_FILTER_NEAREST : args->filter)
                           : depth ? BD_DEPTH
                                   : BD_STENCIL) +
                          ms_k;
   if (!program(scr, kind0) || (depth && stencil && !program(scr, BD_STENCIL + ms_k)))
      return;
   if (ctx->xfb_host == GLB_XFB_HOST_RUNNING)
      scr->hooks.xfb_switch_away(ctx); /* resumed at the next draw; GLES takes no program now */
   scr->bound = NULL;
   ctx->fb_valid = false;

   /* the source level, copied into a texture of its host format */
   const GLenum at_src = glb_attachment_of(src);
   GLenum rgb_upload;
   const GLenum internal = raw              ? (src->alpha_one ? GL_RGB8 : GL_RGBA8)
                           : src->alpha_one ? glb_format_rgb_twin(src->desc.format, &rgb_upload)
                                            : src->fmt->internal;
   const GLbitfield copy_bits =
      color ? GL_COLOR_BUFFER_BIT
            : (depth ? GL_DEPTH_BUFFER_BIT : 0) | (stencil ? GL_STENCIL_BUFFER_BIT : 0);
   GLuint tex = 0, fbo = 0;
   while (GLB_GL(h)->glGetError() != GL_NO_ERROR)
      ;
   const GLenum tt = ms ? GL_TEXTURE_2D_MULTISAMPLE : GL_TEXTURE_2D;
   GLB_GL(h)->glActiveTexture(GL_TEXTURE0);
   GLB_GL(h)->glBindSampler(0, 0);
   GLB_GL(h)->glGenTextures(1, &tex);
   GLB_GL(h)->glBindTexture(tt, tex);
   if (ms) {
      GLB_GL(h)->glTexStorage2DMultisample(tt, (GLsizei)src->desc.samples, internal, ssize[0],
                                           ssize[1], GL_TRUE);
      const bool layered = src->tex_target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
      GLB_GL(h)->glCopyImageSubData(src->name, src->tex_target ? src->tex_target : GL_RENDERBUFFER,
                                    0, 0, 0, layered ? (GLint)args->src.layer : 0, tex, tt, 0, 0, 0,
                                    0, ssize[0], ssize[1], 1);
   } else if (raw) {
      GLB_GL(h)->glTexStorage2D(tt, 1, internal, ssize[0], ssize[1]);
      GLB_GL(h)->glTexParameteri(tt, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      GLB_GL(h)->glTexParameteri(tt, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      GLB_GL(h)->glCopyImageSubData(
         src->name, src->tex_target ? src->tex_target : GL_RENDERBUFFER,
         (GLint)(args->src.level < 16 ? args->src.level : 0), 0, 0,
         src->tex_target && src->tex_target != GL_TEXTURE_2D ? (GLint)args->src.layer : 0, tex, tt,
         0, 0, 0, 0, ssize[0], ssize[1], 1);
   } else {
      GLB_GL(h)->glTexStorage2D(tt, 1, internal, ssize[0], ssize[1]);
      GLB_GL(h)->glTexParameteri(tt, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      GLB_GL(h)->glTexParameteri(tt, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      GLB_GL(h)->glGenFramebuffers(1, &fbo);
      GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
      GLB_GL(h)->glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, at_src, tt, tex, 0);
      const GLenum color0 = GL_COLOR_ATTACHMENT0, none = GL_NONE;
      GLB_GL(h)->glDrawBuffers(1, color ? &color0 : &none);
      GLB_GL(h)->glDisable(GL_SCISSOR_TEST);
      GLB_GL(h)->glBlitFramebuffer(0, 0, ssize[0], ssize[1], 0, 0, ssize[0], ssize[1], copy_bits,
                                   GL_NEAREST);
   }
   GLenum err = GLB_GL(h)->glGetError();
   GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ctx->blit_fbo);
   if (err == GL_NO_ERROR) {
      plain_state(scr, rect);
      if (scr->ext_srgb_write_control)
         (args->srgb_encode ? GLB_GL(h)->glEnable : GLB_GL(h)->glDisable)(GL_FRAMEBUFFER_SRGB_EXT);
      if (color) {
         pass(scr, kind0, args, -1.0f, n);
      }
      if (depth) {
         GLB_GL(h)->glEnable(GL_DEPTH_TEST);
         GLB_GL(h)->glDepthFunc(GL_ALWAYS);
         GLB_GL(h)->glDepthMask(GL_TRUE);
         pass(scr, BD_DEPTH + ms_k, args, -1.0f, n); /* (a new texture compares nothing) */
         GLB_GL(h)->glDepthMask(GL_FALSE);
         GLB_GL(h)->glDisable(GL_DEPTH_TEST);
      }
      if (stencil) {
         GLB_GL(h)->glTexParameteri(tt, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
         GLB_GL(h)->glEnable(GL_STENCIL_TEST);
         GLB_GL(h)->glStencilOpSeparate(GL_FRONT_AND_BACK, GL_REPLACE, GL_REPLACE, GL_REPLACE);
         /* zero the rectangle's stencil, then set each bit the source has */
         GLB_GL(h)->glStencilFuncSeparate(GL_FRONT_AND_BACK, GL_ALWAYS, 0, 0xff);
         GLB_GL(h)->glStencilMaskSeparate(GL_FRONT_AND_BACK, 0xff);
         pass(scr, BD_STENCIL + ms_k, args, -1.0f, n);
         GLB_GL(h)->glStencilFuncSeparate(GL_FRONT_AND_BACK, GL_ALWAYS, 0xff, 0xff);
         for (unsigned b = 0; b < 8; b++) {
            GLB_GL(h)->glStencilMaskSeparate(GL_FRONT_AND_BACK, 1u << b);
            pass(scr, BD_STENCIL + ms_k, args, (float)b, n);
         }
         GLB_GL(h)->glStencilMaskSeparate(GL_FRONT_AND_BACK, 0);
         GLB_GL(h)->glDisable(GL_STENCIL_TEST);
      }
      err = GLB_GL(h)->glGetError();
   }
   /* the one switch here no draw sets: back to the host's default, which draws keep */
   GLB_GL(h)->glEnable(GL_DITHER);
   GLB_GL(h)->glUseProgram(0);
   GLB_GL(h)->glBindTexture(tt, 0);
   if (fbo)
      GLB_GL(h)->glDeleteFramebuffers(1, &fbo);
   GLB_GL(h)->glDeleteTextures(1, &tex);
   if (err == GL_NO_ERROR)
      scr->stats.blits_drawn++;
   else
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a blit drawn for the host's refusal failed on the host (error 0x%x: %s, "
                  "%u samples to %s, %u samples, mask 0x%x)",
                  err, mgp_format_name(src->desc.format), src->desc.samples,
                  mgp_format_name(dst->desc.format), dst->desc.samples, mask);
}
