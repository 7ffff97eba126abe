#version 450
// Blits drawn into the destination surface (vkb_blit_draw.c), for what vkCmdCopyImage,
// vkCmdBlitImage and vkCmdResolveImage cannot do. BLIT_KIND: 0 float, 1 int, 2 uint (the
// source's and the destination's, which GL makes agree), 3 depth (into gl_FragDepth, from a
// depth-aspect view), 4 stencil (into gl_FragStencilRefARB, from a stencil-aspect view; only
// where the device has VK_EXT_shader_stencil_export), 5 stencil one bit a draw (no output: the
// pixel is discarded where bit pc.bit of the source's stencil is 0, and the pipeline writes
// that bit alone; pc.bit < 0 keeps every pixel); BLIT_MS: 1 for a multisampled source;
// BLIT_1D: 1 for a 1D source (colour kinds only; a 1D image has no 2D view), one row high;
// BLIT_3D: 1 for a slice of a 3D source (colour kinds only; a 2D view of a 3D image may be an
// attachment but is never sampled), read from a 3D view of its level at slice pc.slice.x of
// pc.slice.y: nearest with texelFetch, linear at w = (slice + 0.5) / depth, the slice's centre,
// where the clamp-to-edge bilinear weights of the neighbouring slices are 0.
#ifndef BLIT_1D
#define BLIT_1D 0
#endif
#ifndef BLIT_3D
#define BLIT_3D 0
#endif
// Destination pixel centre f reads source position origin + f * scale (GL 3.3 §4.3.2;
// scale < 0 mirrors).
#if BLIT_KIND == 1
#define T ivec4
#define S2D isampler2D
#define S1D isampler1D
#define S3D isampler3D
#define SMS isampler2DMS
#elif BLIT_KIND == 2 || BLIT_KIND == 4 || BLIT_KIND == 5
#define T uvec4
#define S2D usampler2D
#define S1D usampler1D
#define S3D usampler3D
#define SMS usampler2DMS
#else
#define T vec4
#define S2D sampler2D
#define S1D sampler1D
#define S3D sampler3D
#define SMS sampler2DMS
#endif
#if BLIT_KIND == 3
#define WRITE(v) gl_FragDepth = (v).r
#elif BLIT_KIND == 4
#extension GL_ARB_shader_stencil_export : require
// the pipeline's stencil op replaces with this reference, every bit written
#define WRITE(v) gl_FragStencilRefARB = int((v).r)
#elif BLIT_KIND == 5
#define WRITE(v) if (pc.bit >= 0 && (((v).r >> uint(pc.bit)) & 1u) == 0u) discard
#else
#define WRITE(v) o = (v)
layout(location = 0) out T o;
#endif
#if BLIT_MS
layout(set = 0, binding = 0) uniform SMS src;
#elif BLIT_1D
layout(set = 0, binding = 0) uniform S1D src;
#elif BLIT_3D
layout(set = 0, binding = 0) uniform S3D src;
#else
layout(set = 0, binding = 0) uniform S2D src;
#endif
layout(push_constant) uniform Blit {
   vec2 origin;
   vec2 scale;
   ivec2 size; // the source surface in texels
   int mode;   // MS: 0 sample for sample, 1 resolve; else 0 nearest, 1 linear
   int bit;    // BLIT_KIND 5: the stencil bit this draw writes, or -1
   ivec4 clip; // the destination pixels written: x0, y0, x1, y1
   ivec2 slice; // BLIT_3D: the source slice and the depth of its level
} pc;

void main()
{
   // the pixel, also where per-sample shading moves gl_FragCoord to the sample
   const ivec2 d = ivec2(floor(gl_FragCoord.xy));
   // the scissor already keeps to clip; llvmpipe's rasterizer also writes samples of the
   // pixel left of it in a multisampled attachment
   if (any(lessThan(d, pc.clip.xy)) || any(greaterThanEqual(d, pc.clip.zw)))
      discard;
   const vec2 s = pc.origin + (vec2(d) + 0.5) * pc.scale;
#if !BLIT_MS
   if (pc.mode == 1) {
      // linear: outside the read surface GL leaves the result undefined; clamp to edge
#if BLIT_1D
      WRITE(textureLod(src, s.x / float(pc.size.x), 0.0));
#elif BLIT_3D
      WRITE(textureLod(src, vec3(s / vec2(pc.size), (float(pc.slice.x) + 0.5) / float(pc.slice.y)),
                       0.0));
#else
      WRITE(textureLod(src, s / vec2(pc.size), 0.0));
#endif
      return;
   }
#endif
   const ivec2 p = ivec2(floor(s));
   // nearest: a source pixel outside the read surface writes nothing (as Mesa does)
   if (any(lessThan(p, ivec2(0))) || any(greaterThanEqual(p, pc.size)))
      discard;
#if BLIT_MS
   if (pc.mode == 0) {
      WRITE(texelFetch(src, p, gl_SampleID));
      return;
   }
#if BLIT_KIND == 0
   const int n = textureSamples(src);
   vec4 sum = vec4(0.0);
   for (int i = 0; i < n; i++)
      sum += texelFetch(src, p, i);
   WRITE(sum / float(n));
#else
   WRITE(texelFetch(src, p, 0)); // integer, depth and stencil samples are not averaged: sample 0
#endif
#elif BLIT_1D
   WRITE(texelFetch(src, p.x, 0));
#elif BLIT_3D
   WRITE(texelFetch(src, ivec3(p, pc.slice.x), 0));
#else
   WRITE(texelFetch(src, p, 0));
#endif
}
