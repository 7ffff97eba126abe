/* scenario.h: what the scenario files share with the harness (scenario_harness.c: the
 * runner, EGL set-up, failure reporting, the pixel model and its check) and with each other
 * (scenario_helpers.c). One scenario_<area>.c per area; the list is scenarios.def. */
#ifndef MGL_SCENARIO_H
#define MGL_SCENARIO_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define W 64
#define H 64

/* ---- GL entry points past 1.1, loaded with eglGetProcAddress ------------------------------ */

/* glGetPointerv is GL 1.1 (no PFN typedef in glext.h), but its debug names are KHR_debug's. */
typedef void(APIENTRYP pfn_get_pointerv)(GLenum pname, void **params);

#define GL_FUNCS(X)                                                                                \
   X(PFNGLACTIVETEXTUREPROC, ActiveTexture)                                                        \
   X(PFNGLGENBUFFERSPROC, GenBuffers)                                                              \
   X(PFNGLDELETEBUFFERSPROC, DeleteBuffers)                                                        \
   X(PFNGLBINDBUFFERPROC, BindBuffer)                                                              \
   X(PFNGLBUFFERDATAPROC, BufferData)                                                              \
   X(PFNGLBUFFERSUBDATAPROC, BufferSubData)                                                        \
   X(PFNGLBINDBUFFERBASEPROC, BindBufferBase)                                                      \
   X(PFNGLBINDBUFFERRANGEPROC, BindBufferRange)                                                    \
   X(PFNGLGENVERTEXARRAYSPROC, GenVertexArrays)                                                    \
   X(PFNGLDELETEVERTEXARRAYSPROC, DeleteVertexArrays)                                              \
   X(PFNGLBINDVERTEXARRAYPROC, BindVertexArray)                                                    \
   X(PFNGLVERTEXATTRIBPOINTERPROC, VertexAttribPointer)                                            \
   X(PFNGLENABLEVERTEXATTRIBARRAYPROC, EnableVertexAttribArray)                                    \
   X(PFNGLVERTEXATTRIB2FPROC, VertexAttrib2f)                                                      \
   X(PFNGLDISABLEVERTEXATTRIBARRAYPROC, DisableVertexAttribArray)                                  \
   X(PFNGLGETSTRINGIPROC, GetStringi)                                                              \
   X(PFNGLPOINTPARAMETERIPROC, PointParameteri)                                                    \
   X(PFNGLVERTEXATTRIBDIVISORPROC, VertexAttribDivisor)                                            \
   X(PFNGLBLENDEQUATIONPROC, BlendEquation)                                                        \
   X(PFNGLDRAWARRAYSINSTANCEDPROC, DrawArraysInstanced)                                            \
   X(PFNGLCREATESHADERPROC, CreateShader)                                                          \
   X(PFNGLSHADERSOURCEPROC, ShaderSource)                                                          \
   X(PFNGLCOMPILESHADERPROC, CompileShader)                                                        \
   X(PFNGLGETSHADERIVPROC, GetShaderiv)                                                            \
   X(PFNGLGETSHADERINFOLOGPROC, GetShaderInfoLog)                                                  \
   X(PFNGLGETSHADERSOURCEPROC, GetShaderSource)                                                    \
   X(PFNGLDELETESHADERPROC, DeleteShader)                                                          \
   X(PFNGLCREATEPROGRAMPROC, CreateProgram)                                                        \
   X(PFNGLATTACHSHADERPROC, AttachShader)                                                          \
   X(PFNGLBINDATTRIBLOCATIONPROC, BindAttribLocation)                                              \
   X(PFNGLGETATTRIBLOCATIONPROC, GetAttribLocation)                                                \
   X(PFNGLBINDFRAGDATALOCATIONPROC, BindFragDataLocation)                                          \
   X(PFNGLLINKPROGRAMPROC, LinkProgram)                                                            \
   X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                                                          \
   X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog)                                                \
   X(PFNGLDELETEPROGRAMPROC, DeleteProgram)                                                        \
   X(PFNGLUSEPROGRAMPROC, UseProgram)                                                              \
   X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation)                                              \
   X(PFNGLUNIFORM1IPROC, Uniform1i)                                                                \
   X(PFNGLUNIFORM1IVPROC, Uniform1iv)                                                              \
   X(PFNGLUNIFORM1FPROC, Uniform1f)                                                                \
   X(PFNGLUNIFORM2FPROC, Uniform2f)                                                                \
   X(PFNGLUNIFORM4FVPROC, Uniform4fv)                                                              \
   X(PFNGLGETUNIFORMBLOCKINDEXPROC, GetUniformBlockIndex)                                          \
   X(PFNGLGETACTIVEUNIFORMBLOCKIVPROC, GetActiveUniformBlockiv)                                    \
   X(PFNGLGETACTIVEUNIFORMBLOCKNAMEPROC, GetActiveUniformBlockName)                                \
   X(PFNGLUNIFORMBLOCKBINDINGPROC, UniformBlockBinding)                                            \
   X(PFNGLGENFRAMEBUFFERSPROC, GenFramebuffers)                                                    \
   X(PFNGLDELETEFRAMEBUFFERSPROC, DeleteFramebuffers)                                              \
   X(PFNGLBINDFRAMEBUFFERPROC, BindFramebuffer)                                                    \
   X(PFNGLFRAMEBUFFERTEXTURE2DPROC, FramebufferTexture2D)                                          \
   X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, CheckFramebufferStatus)                                      \
   X(PFNGLGENRENDERBUFFERSPROC, GenRenderbuffers)                                                  \
   X(PFNGLBINDRENDERBUFFERPROC, BindRenderbuffer)                                                  \
   X(PFNGLRENDERBUFFERSTORAGEMULTISAMPLEPROC, RenderbufferStorageMultisample)                      \
   X(PFNGLGETRENDERBUFFERPARAMETERIVPROC, GetRenderbufferParameteriv)                              \
   X(PFNGLFRAMEBUFFERRENDERBUFFERPROC, FramebufferRenderbuffer)                                    \
   X(PFNGLBLITFRAMEBUFFERPROC, BlitFramebuffer)                                                    \
   X(PFNGLGENERATEMIPMAPPROC, GenerateMipmap)                                                      \
   X(PFNGLCOPYBUFFERSUBDATAPROC, CopyBufferSubData)                                                \
   X(PFNGLGETBUFFERSUBDATAPROC, GetBufferSubData)                                                  \
   X(PFNGLCLEARBUFFERFVPROC, ClearBufferfv)                                                        \
   X(PFNGLCLEARBUFFERIVPROC, ClearBufferiv)                                                        \
   X(PFNGLCLEARBUFFERUIVPROC, ClearBufferuiv)                                                      \
   X(PFNGLRENDERBUFFERSTORAGEPROC, RenderbufferStorage)                                            \
   X(PFNGLDELETERENDERBUFFERSPROC, DeleteRenderbuffers)                                            \
   X(PFNGLPRIMITIVERESTARTINDEXPROC, PrimitiveRestartIndex)                                        \
   X(PFNGLPROVOKINGVERTEXPROC, ProvokingVertex)                                                    \
   X(PFNGLTEXPARAMETERIIVPROC, TexParameterIiv)                                                    \
   X(PFNGLTEXPARAMETERIUIVPROC, TexParameterIuiv)                                                  \
   X(PFNGLTEXIMAGE3DPROC, TexImage3D)                                                              \
   X(PFNGLTEXSUBIMAGE3DPROC, TexSubImage3D)                                                        \
   X(PFNGLTEXIMAGE2DMULTISAMPLEPROC, TexImage2DMultisample)                                        \
   X(PFNGLTEXIMAGE3DMULTISAMPLEPROC, TexImage3DMultisample)                                        \
   X(PFNGLTEXSTORAGE2DPROC, TexStorage2D)                                                          \
   X(PFNGLCOMPRESSEDTEXIMAGE2DPROC, CompressedTexImage2D)                                          \
   X(PFNGLCOMPRESSEDTEXSUBIMAGE2DPROC, CompressedTexSubImage2D)                                    \
   X(PFNGLCOMPRESSEDTEXIMAGE3DPROC, CompressedTexImage3D)                                          \
   X(PFNGLGETCOMPRESSEDTEXIMAGEPROC, GetCompressedTexImage)                                        \
   X(PFNGLTEXSTORAGE3DPROC, TexStorage3D)                                                          \
   X(PFNGLCOMPRESSEDTEXSUBIMAGE3DPROC, CompressedTexSubImage3D)                                    \
   X(PFNGLTEXBUFFERPROC, TexBuffer)                                                                \
   X(PFNGLTEXBUFFERRANGEPROC, TexBufferRange)                                                      \
   X(PFNGLFENCESYNCPROC, FenceSync)                                                                \
   X(PFNGLISSYNCPROC, IsSync)                                                                      \
   X(PFNGLDELETESYNCPROC, DeleteSync)                                                              \
   X(PFNGLCLIENTWAITSYNCPROC, ClientWaitSync)                                                      \
   X(PFNGLWAITSYNCPROC, WaitSync)                                                                  \
   X(PFNGLGETSYNCIVPROC, GetSynciv)                                                                \
   X(PFNGLGENQUERIESPROC, GenQueries)                                                              \
   X(PFNGLDELETEQUERIESPROC, DeleteQueries)                                                        \
   X(PFNGLISQUERYPROC, IsQuery)                                                                    \
   X(PFNGLBEGINQUERYPROC, BeginQuery)                                                              \
   X(PFNGLENDQUERYPROC, EndQuery)                                                                  \
   X(PFNGLGETQUERYIVPROC, GetQueryiv)                                                              \
   X(PFNGLGETQUERYOBJECTUIVPROC, GetQueryObjectuiv)                                                \
   X(PFNGLGETQUERYOBJECTUI64VPROC, GetQueryObjectui64v)                                            \
   X(PFNGLGETQUERYOBJECTI64VPROC, GetQueryObjecti64v)                                              \
   X(PFNGLQUERYCOUNTERPROC, QueryCounter)                                                          \
   X(PFNGLBEGINCONDITIONALRENDERPROC, BeginConditionalRender)                                      \
   X(PFNGLENDCONDITIONALRENDERPROC, EndConditionalRender)                                          \
   X(PFNGLGETINTEGER64VPROC, GetInteger64v)                                                        \
   X(PFNGLFRAMEBUFFERTEXTURELAYERPROC, FramebufferTextureLayer)                                    \
   X(PFNGLFRAMEBUFFERTEXTURE3DPROC, FramebufferTexture3D)                                          \
   X(PFNGLFRAMEBUFFERTEXTUREPROC, FramebufferTexture)                                              \
   X(PFNGLGETFRAMEBUFFERATTACHMENTPARAMETERIVPROC, GetFramebufferAttachmentParameteriv)            \
   X(PFNGLMAPBUFFERRANGEPROC, MapBufferRange)                                                      \
   X(PFNGLUNMAPBUFFERPROC, UnmapBuffer)                                                            \
   X(PFNGLTRANSFORMFEEDBACKVARYINGSPROC, TransformFeedbackVaryings)                                \
   X(PFNGLGETTRANSFORMFEEDBACKVARYINGPROC, GetTransformFeedbackVarying)                            \
   X(PFNGLBEGINTRANSFORMFEEDBACKPROC, BeginTransformFeedback)                                      \
   X(PFNGLENDTRANSFORMFEEDBACKPROC, EndTransformFeedback)                                          \
   X(PFNGLPAUSETRANSFORMFEEDBACKPROC, PauseTransformFeedback)                                      \
   X(PFNGLRESUMETRANSFORMFEEDBACKPROC, ResumeTransformFeedback)                                    \
   X(PFNGLGENTRANSFORMFEEDBACKSPROC, GenTransformFeedbacks)                                        \
   X(PFNGLDELETETRANSFORMFEEDBACKSPROC, DeleteTransformFeedbacks)                                  \
   X(PFNGLISTRANSFORMFEEDBACKPROC, IsTransformFeedback)                                            \
   X(PFNGLBINDTRANSFORMFEEDBACKPROC, BindTransformFeedback)                                        \
   X(PFNGLDRAWTRANSFORMFEEDBACKPROC, DrawTransformFeedback)                                        \
   X(PFNGLDRAWTRANSFORMFEEDBACKINSTANCEDPROC, DrawTransformFeedbackInstanced)                      \
   X(PFNGLDRAWTRANSFORMFEEDBACKSTREAMPROC, DrawTransformFeedbackStream)                            \
   X(PFNGLBEGINQUERYINDEXEDPROC, BeginQueryIndexed)                                                \
   X(PFNGLENDQUERYINDEXEDPROC, EndQueryIndexed)                                                    \
   X(PFNGLGETQUERYINDEXEDIVPROC, GetQueryIndexediv)                                                \
   X(PFNGLGETACTIVEUNIFORMSIVPROC, GetActiveUniformsiv)                                            \
   X(PFNGLGETACTIVEUNIFORMPROC, GetActiveUniform)                                                  \
   X(PFNGLGETUNIFORMFVPROC, GetUniformfv)                                                          \
   X(PFNGLGETINTEGERI_VPROC, GetIntegeri_v)                                                        \
   X(PFNGLGENSAMPLERSPROC, GenSamplers)                                                            \
   X(PFNGLDELETESAMPLERSPROC, DeleteSamplers)                                                      \
   X(PFNGLISSAMPLERPROC, IsSampler)                                                                \
   X(PFNGLBINDSAMPLERPROC, BindSampler)                                                            \
   X(PFNGLSAMPLERPARAMETERIPROC, SamplerParameteri)                                                \
   X(PFNGLSAMPLERPARAMETERFPROC, SamplerParameterf)                                                \
   X(PFNGLSAMPLERPARAMETERFVPROC, SamplerParameterfv)                                              \
   X(PFNGLSAMPLERPARAMETERIUIVPROC, SamplerParameterIuiv)                                          \
   X(PFNGLGETSAMPLERPARAMETERIVPROC, GetSamplerParameteriv)                                        \
   X(PFNGLGETSAMPLERPARAMETERFVPROC, GetSamplerParameterfv)                                        \
   X(PFNGLGETSAMPLERPARAMETERIUIVPROC, GetSamplerParameterIuiv)                                    \
   X(PFNGLFRAMEBUFFERTEXTURE1DPROC, FramebufferTexture1D)                                          \
   X(PFNGLCOMPRESSEDTEXIMAGE1DPROC, CompressedTexImage1D)                                          \
   X(PFNGLCOMPRESSEDTEXSUBIMAGE1DPROC, CompressedTexSubImage1D)                                    \
   X(PFNGLGETMULTISAMPLEFVPROC, GetMultisamplefv)                                                  \
   X(PFNGLGETINTERNALFORMATIVPROC, GetInternalformativ)                                            \
   X(PFNGLGETINTERNALFORMATI64VPROC, GetInternalformati64v)                                        \
   X(PFNGLGETNTEXIMAGEARBPROC, GetnTexImageARB)                                                    \
   X(PFNGLGETNCOMPRESSEDTEXIMAGEARBPROC, GetnCompressedTexImageARB)                                \
   X(PFNGLDEBUGMESSAGECALLBACKPROC, DebugMessageCallback)                                          \
   X(PFNGLDEBUGMESSAGECONTROLPROC, DebugMessageControl)                                            \
   X(PFNGLDEBUGMESSAGEINSERTPROC, DebugMessageInsert)                                              \
   X(PFNGLGETDEBUGMESSAGELOGPROC, GetDebugMessageLog)                                              \
   X(PFNGLPUSHDEBUGGROUPPROC, PushDebugGroup)                                                      \
   X(PFNGLPOPDEBUGGROUPPROC, PopDebugGroup)                                                        \
   X(PFNGLOBJECTLABELPROC, ObjectLabel)                                                            \
   X(PFNGLGETOBJECTLABELPROC, GetObjectLabel)                                                      \
   X(pfn_get_pointerv, GetPointerv)                                                                \
   X(PFNGLBINDFRAGDATALOCATIONINDEXEDPROC, BindFragDataLocationIndexed)                            \
   X(PFNGLGETFRAGDATAINDEXPROC, GetFragDataIndex)                                                  \
   X(PFNGLGETFRAGDATALOCATIONPROC, GetFragDataLocation)                                            \
   X(PFNGLBLENDFUNCSEPARATEPROC, BlendFuncSeparate)                                                \
   X(PFNGLVERTEXATTRIBIPOINTERPROC, VertexAttribIPointer)                                          \
   X(PFNGLVERTEXATTRIB4FPROC, VertexAttrib4f)                                                      \
   X(PFNGLDRAWELEMENTSBASEVERTEXPROC, DrawElementsBaseVertex)                                      \
   X(PFNGLDRAWRANGEELEMENTSPROC, DrawRangeElements)                                                \
   X(PFNGLDRAWRANGEELEMENTSBASEVERTEXPROC, DrawRangeElementsBaseVertex)                            \
   X(PFNGLDRAWELEMENTSINSTANCEDPROC, DrawElementsInstanced)                                        \
   X(PFNGLDRAWELEMENTSINSTANCEDBASEVERTEXPROC, DrawElementsInstancedBaseVertex)                    \
   X(PFNGLMULTIDRAWARRAYSPROC, MultiDrawArrays)                                                    \
   X(PFNGLMULTIDRAWELEMENTSPROC, MultiDrawElements)                                                \
   X(PFNGLMULTIDRAWELEMENTSBASEVERTEXPROC, MultiDrawElementsBaseVertex)                            \
   X(PFNGLDRAWBUFFERSPROC, DrawBuffers)                                                            \
   X(PFNGLENABLEIPROC, Enablei)                                                                    \
   X(PFNGLISENABLEDIPROC, IsEnabledi)                                                              \
   X(PFNGLCOLORMASKIPROC, ColorMaski)                                                              \
   X(PFNGLBLENDEQUATIONSEPARATEPROC, BlendEquationSeparate)                                        \
   X(PFNGLBLENDCOLORPROC, BlendColor)                                                              \
   X(PFNGLCLEARBUFFERFIPROC, ClearBufferfi)                                                        \
   X(PFNGLSTENCILFUNCSEPARATEPROC, StencilFuncSeparate)                                            \
   X(PFNGLSTENCILOPSEPARATEPROC, StencilOpSeparate)                                                \
   X(PFNGLSTENCILMASKSEPARATEPROC, StencilMaskSeparate)                                            \
   X(PFNGLMAPBUFFERPROC, MapBuffer)                                                                \
   X(PFNGLFLUSHMAPPEDBUFFERRANGEPROC, FlushMappedBufferRange)                                      \
   X(PFNGLGETBUFFERPARAMETERIVPROC, GetBufferParameteriv)                                          \
   X(PFNGLSAMPLERPARAMETERIIVPROC, SamplerParameterIiv)                                            \
   X(PFNGLSAMPLECOVERAGEPROC, SampleCoverage)                                                      \
   X(PFNGLSAMPLEMASKIPROC, SampleMaski)                                                            \
   X(PFNGLVERTEXATTRIBI4IPROC, VertexAttribI4i)                                                    \
   X(PFNGLVERTEXATTRIBI4UIPROC, VertexAttribI4ui)                                                  \
   X(PFNGLVERTEXATTRIBI4IVPROC, VertexAttribI4iv)                                                  \
   X(PFNGLGETVERTEXATTRIBIIVPROC, GetVertexAttribIiv)                                              \
   X(PFNGLGETVERTEXATTRIBIUIVPROC, GetVertexAttribIuiv)                                            \
   X(PFNGLCOPYTEXSUBIMAGE3DPROC, CopyTexSubImage3D)                                                \
   X(PFNGLDISPATCHCOMPUTEPROC, DispatchCompute)                                                    \
   X(PFNGLPATCHPARAMETERIPROC, PatchParameteri)                                                    \
   X(PFNGLMINSAMPLESHADINGPROC, MinSampleShading)                                                  \
   X(PFNGLPATCHPARAMETERFVPROC, PatchParameterfv)                                                  \
   X(PFNGLINVALIDATETEXIMAGEPROC, InvalidateTexImage)                                              \
   X(PFNGLINVALIDATETEXSUBIMAGEPROC, InvalidateTexSubImage)                                        \
   X(PFNGLINVALIDATEBUFFERDATAPROC, InvalidateBufferData)                                          \
   X(PFNGLINVALIDATEBUFFERSUBDATAPROC, InvalidateBufferSubData)                                    \
   X(PFNGLDISPATCHCOMPUTEINDIRECTPROC, DispatchComputeIndirect)                                    \
   X(PFNGLMEMORYBARRIERPROC, MemoryBarrier)                                                        \
   X(PFNGLBUFFERSTORAGEPROC, BufferStorage)                                                        \
   X(PFNGLMEMORYBARRIERBYREGIONPROC, MemoryBarrierByRegion)                                        \
   X(PFNGLTEXTUREBARRIERPROC, TextureBarrier)                                                      \
   X(PFNGLTEXTUREBARRIERNVPROC, TextureBarrierNV)                                                  \
   X(PFNGLBLENDBARRIERKHRPROC, BlendBarrierKHR)                                                    \
   X(PFNGLBLENDBARRIERKHRPROC, BlendBarrier) /* ES 3.2's, the same signature */                    \
   X(PFNGLSHADERSTORAGEBLOCKBINDINGPROC, ShaderStorageBlockBinding)                                \
   X(PFNGLUNIFORM1UIPROC, Uniform1ui)                                                              \
   X(PFNGLGETPROGRAMINTERFACEIVPROC, GetProgramInterfaceiv)                                        \
   X(PFNGLGETPROGRAMRESOURCEINDEXPROC, GetProgramResourceIndex)                                    \
   X(PFNGLGETPROGRAMRESOURCEIVPROC, GetProgramResourceiv)                                          \
   X(PFNGLGETPROGRAMRESOURCENAMEPROC, GetProgramResourceName)                                      \
   X(PFNGLGETPROGRAMRESOURCELOCATIONPROC, GetProgramResourceLocation)                              \
   X(PFNGLGETPROGRAMRESOURCELOCATIONINDEXPROC, GetProgramResourceLocationIndex)                    \
   X(PFNGLGETUNIFORMINDICESPROC, GetUniformIndices)                                                \
   X(PFNGLDRAWARRAYSINDIRECTPROC, DrawArraysIndirect)                                              \
   X(PFNGLDRAWELEMENTSINDIRECTPROC, DrawElementsIndirect)                                          \
   X(PFNGLMULTIDRAWARRAYSINDIRECTPROC, MultiDrawArraysIndirect)                                    \
   X(PFNGLMULTIDRAWELEMENTSINDIRECTPROC, MultiDrawElementsIndirect)                                \
   X(PFNGLDRAWARRAYSINSTANCEDBASEINSTANCEPROC, DrawArraysInstancedBaseInstance)                    \
   X(PFNGLDRAWELEMENTSINSTANCEDBASEINSTANCEPROC, DrawElementsInstancedBaseInstance)                \
   X(PFNGLDRAWELEMENTSINSTANCEDBASEVERTEXBASEINSTANCEPROC,                                         \
     DrawElementsInstancedBaseVertexBaseInstance)                                                  \
   X(PFNGLBINDIMAGETEXTUREPROC, BindImageTexture)                                                  \
   X(PFNGLUNIFORMSUBROUTINESUIVPROC, UniformSubroutinesuiv)                                        \
   X(PFNGLGETUNIFORMSUBROUTINEUIVPROC, GetUniformSubroutineuiv)                                    \
   X(PFNGLGETSUBROUTINEINDEXPROC, GetSubroutineIndex)                                              \
   X(PFNGLGETSUBROUTINEUNIFORMLOCATIONPROC, GetSubroutineUniformLocation)                          \
   X(PFNGLGETPROGRAMSTAGEIVPROC, GetProgramStageiv)                                                \
   X(PFNGLGETUNIFORMIVPROC, GetUniformiv)                                                          \
   X(PFNGLGETBOOLEANI_VPROC, GetBooleani_v)                                                        \
   X(PFNGLGETVERTEXATTRIBIVPROC, GetVertexAttribiv)                                                \
   X(PFNGLBINDVERTEXBUFFERPROC, BindVertexBuffer)                                                  \
   X(PFNGLVERTEXATTRIBFORMATPROC, VertexAttribFormat)                                              \
   X(PFNGLVERTEXATTRIBIFORMATPROC, VertexAttribIFormat)                                            \
   X(PFNGLVERTEXATTRIBBINDINGPROC, VertexAttribBinding)                                            \
   X(PFNGLVERTEXBINDINGDIVISORPROC, VertexBindingDivisor)                                          \
   X(PFNGLBINDBUFFERSBASEPROC, BindBuffersBase)                                                    \
   X(PFNGLBINDBUFFERSRANGEPROC, BindBuffersRange)                                                  \
   X(PFNGLBINDTEXTURESPROC, BindTextures)                                                          \
   X(PFNGLBINDSAMPLERSPROC, BindSamplers)                                                          \
   X(PFNGLBINDVERTEXBUFFERSPROC, BindVertexBuffers)                                                \
   X(PFNGLCLEARBUFFERDATAPROC, ClearBufferData)                                                    \
   X(PFNGLCLEARBUFFERSUBDATAPROC, ClearBufferSubData)                                              \
   X(PFNGLPOLYGONOFFSETCLAMPPROC, PolygonOffsetClamp)                                              \
   X(PFNGLCLIPCONTROLPROC, ClipControl)                                                            \
   X(PFNGLTEXTUREVIEWPROC, TextureView)                                                            \
   X(PFNGLCREATEBUFFERSPROC, CreateBuffers)                                                        \
   X(PFNGLNAMEDBUFFERDATAPROC, NamedBufferData)                                                    \
   X(PFNGLNAMEDBUFFERSUBDATAPROC, NamedBufferSubData)                                              \
   X(PFNGLMAPNAMEDBUFFERRANGEPROC, MapNamedBufferRange)                                            \
   X(PFNGLUNMAPNAMEDBUFFERPROC, UnmapNamedBuffer)                                                  \
   X(PFNGLGETNAMEDBUFFERSUBDATAPROC, GetNamedBufferSubData)                                        \
   X(PFNGLGETNAMEDBUFFERPARAMETERI64VPROC, GetNamedBufferParameteri64v)                            \
   X(PFNGLCREATEVERTEXARRAYSPROC, CreateVertexArrays)                                              \
   X(PFNGLVERTEXARRAYVERTEXBUFFERPROC, VertexArrayVertexBuffer)                                    \
   X(PFNGLVERTEXARRAYATTRIBFORMATPROC, VertexArrayAttribFormat)                                    \
   X(PFNGLVERTEXARRAYATTRIBBINDINGPROC, VertexArrayAttribBinding)                                  \
   X(PFNGLENABLEVERTEXARRAYATTRIBPROC, EnableVertexArrayAttrib)                                    \
   X(PFNGLVERTEXARRAYELEMENTBUFFERPROC, VertexArrayElementBuffer)                                  \
   X(PFNGLCREATETEXTURESPROC, CreateTextures)                                                      \
   X(PFNGLTEXTURESTORAGE2DPROC, TextureStorage2D)                                                  \
   X(PFNGLTEXTURESTORAGE3DPROC, TextureStorage3D)                                                  \
   X(PFNGLTEXTURESUBIMAGE2DPROC, TextureSubImage2D)                                                \
   X(PFNGLTEXTUREPARAMETERIPROC, TextureParameteri)                                                \
   X(PFNGLBINDTEXTUREUNITPROC, BindTextureUnit)                                                    \
   X(PFNGLCREATEFRAMEBUFFERSPROC, CreateFramebuffers)                                              \
   X(PFNGLNAMEDFRAMEBUFFERTEXTUREPROC, NamedFramebufferTexture)                                    \
   X(PFNGLCHECKNAMEDFRAMEBUFFERSTATUSPROC, CheckNamedFramebufferStatus)                            \
   X(PFNGLCLEARNAMEDFRAMEBUFFERFVPROC, ClearNamedFramebufferfv)                                    \
   X(PFNGLBLITNAMEDFRAMEBUFFERPROC, BlitNamedFramebuffer)                                          \
   X(PFNGLUNIFORM1DPROC, Uniform1d)                                                                \
   X(PFNGLUNIFORM2DVPROC, Uniform2dv)                                                              \
   X(PFNGLGETUNIFORMDVPROC, GetUniformdv)                                                          \
   X(PFNGLUNIFORM1DVPROC, Uniform1dv)                                                              \
   X(PFNGLUNIFORM3DVPROC, Uniform3dv)                                                              \
   X(PFNGLUNIFORM4DVPROC, Uniform4dv)                                                              \
   X(PFNGLUNIFORMMATRIX2DVPROC, UniformMatrix2dv)                                                  \
   X(PFNGLVERTEXATTRIBLPOINTERPROC, VertexAttribLPointer)                                          \
   X(PFNGLVERTEXATTRIBL1DPROC, VertexAttribL1d)                                                    \
   X(PFNGLCOPYIMAGESUBDATAPROC, CopyImageSubData)                                                  \
   X(PFNGLTEXSTORAGE1DPROC, TexStorage1D)                                                          \
   X(PFNGLCLEARTEXIMAGEPROC, ClearTexImage)                                                        \
   X(PFNGLCLEARTEXSUBIMAGEPROC, ClearTexSubImage)                                                  \
   X(PFNGLGETTEXTURESUBIMAGEPROC, GetTextureSubImage)                                              \
   X(PFNGLGETCOMPRESSEDTEXTURESUBIMAGEPROC, GetCompressedTextureSubImage)                          \
   X(PFNGLCREATETRANSFORMFEEDBACKSPROC, CreateTransformFeedbacks)                                  \
   X(PFNGLTRANSFORMFEEDBACKBUFFERBASEPROC, TransformFeedbackBufferBase)                            \
   X(PFNGLTRANSFORMFEEDBACKBUFFERRANGEPROC, TransformFeedbackBufferRange)                          \
   X(PFNGLGETTRANSFORMFEEDBACKIVPROC, GetTransformFeedbackiv)                                      \
   X(PFNGLGETTRANSFORMFEEDBACKI_VPROC, GetTransformFeedbacki_v)                                    \
   X(PFNGLGETTRANSFORMFEEDBACKI64_VPROC, GetTransformFeedbacki64_v)                                \
   X(PFNGLCREATEQUERIESPROC, CreateQueries)                                                        \
   X(PFNGLGETQUERYBUFFEROBJECTIVPROC, GetQueryBufferObjectiv)                                      \
   X(PFNGLGETQUERYBUFFEROBJECTUI64VPROC, GetQueryBufferObjectui64v)                                \
   X(PFNGLFRAMEBUFFERPARAMETERIPROC, FramebufferParameteri)                                        \
   X(PFNGLGETFRAMEBUFFERPARAMETERIVPROC, GetFramebufferParameteriv)                                \
   X(PFNGLVIEWPORTINDEXEDFPROC, ViewportIndexedf)                                                  \
   X(PFNGLVIEWPORTINDEXEDFVPROC, ViewportIndexedfv)                                                \
   X(PFNGLVIEWPORTARRAYVPROC, ViewportArrayv)                                                      \
   X(PFNGLSCISSORINDEXEDPROC, ScissorIndexed)                                                      \
   X(PFNGLSCISSORINDEXEDVPROC, ScissorIndexedv)                                                    \
   X(PFNGLSCISSORARRAYVPROC, ScissorArrayv)                                                        \
   X(PFNGLDEPTHRANGEINDEXEDPROC, DepthRangeIndexed)                                                \
   X(PFNGLDEPTHRANGEARRAYVPROC, DepthRangeArrayv)                                                  \
   X(PFNGLGETFLOATI_VPROC, GetFloati_v)                                                            \
   X(PFNGLGETDOUBLEI_VPROC, GetDoublei_v)                                                          \
   X(PFNGLDISABLEIPROC, Disablei)                                                                  \
   X(PFNGLPROGRAMPARAMETERIPROC, ProgramParameteri)                                                \
   X(PFNGLGETPROGRAMBINARYPROC, GetProgramBinary)                                                  \
   X(PFNGLPROGRAMBINARYPROC, ProgramBinary)                                                        \
   X(PFNGLCREATESHADERPROGRAMVPROC, CreateShaderProgramv)                                          \
   X(PFNGLGENPROGRAMPIPELINESPROC, GenProgramPipelines)                                            \
   X(PFNGLDELETEPROGRAMPIPELINESPROC, DeleteProgramPipelines)                                      \
   X(PFNGLBINDPROGRAMPIPELINEPROC, BindProgramPipeline)                                            \
   X(PFNGLUSEPROGRAMSTAGESPROC, UseProgramStages)                                                  \
   X(PFNGLACTIVESHADERPROGRAMPROC, ActiveShaderProgram)                                            \
   X(PFNGLVALIDATEPROGRAMPIPELINEPROC, ValidateProgramPipeline)                                    \
   X(PFNGLGETPROGRAMPIPELINEIVPROC, GetProgramPipelineiv)                                          \
   X(PFNGLPROGRAMUNIFORM1FPROC, ProgramUniform1f)                                                  \
   X(PFNGLPROGRAMUNIFORM2FPROC, ProgramUniform2f)                                                  \
   X(PFNGLPROGRAMUNIFORM4FPROC, ProgramUniform4f)                                                  \
   X(PFNGLUNIFORM4FPROC, Uniform4f)

struct gl_funcs {
#define X(type, name) type name;
   GL_FUNCS(X)
#undef X
};
extern struct gl_funcs gl;

void die_setup(const char *fmt, ...);
extern int g_failures;
void fail(const char *fmt, ...);
void expect_gl_error(GLenum want, const char *where);
void check_gl_error(const char *where);
bool on_mgl(void);
bool has_ext(const char *name);
int context_version(void);
void skipped(const char *what);

/* ---- colours and the model ----------------------------------------------------------------- */

typedef struct {
   uint8_t c[4];
} rgba8;

typedef struct {
   float v[4];
} vec4f;

vec4f V4(float r, float g, float b, float a);
uint8_t unorm8(float f);
rgba8 to8(vec4f c);

enum shape_kind { SHAPE_RECT, SHAPE_TRI };

/* Samples the colour of a shape at window pixel (x, y) (for textured shapes). */
typedef rgba8 (*colour_fn)(const void *ctx, int x, int y);

typedef struct {
   enum shape_kind kind;
   /* SHAPE_RECT: [x0,x1) x [y0,y1) in integer window pixels (already clipped to
    * viewport/scissor by the scenario's model).  SHAPE_TRI: three window-space vertices. */
   int x0, y0, x1, y1;
   float tx[3], ty[3];
   rgba8 colour;
   colour_fn fn; /* optional: per-pixel colour instead of .colour */
   const void *fn_ctx;
} shape;

#define MAX_SHAPES 32

typedef struct {
   rgba8 clear;
   int n;
   shape s[MAX_SHAPES];
} model;

void model_init(model *m, vec4f clear);
void model_rect(model *m, int x0, int y0, int x1, int y1, rgba8 c);
void model_rect_fn(model *m, int x0, int y0, int x1, int y1, colour_fn fn, const void *ctx);
void model_tri(model *m, const float *xy /* 6 floats, window pixels */, rgba8 c);

/* Pixels whose centre lies closer than this to a triangle edge are not checked. */
#define TRI_MARGIN 1.0f

enum cover { OUTSIDE, INSIDE, UNSURE };

bool rgba_eq(rgba8 a, rgba8 b);
bool model_eval(const model *m, int x, int y, rgba8 *out);
extern uint8_t g_pixels[W * H * 4];
void readback(void);
rgba8 pixel_at(int x, int y);
void check_frame(const char *phase, const model *m);
GLuint compile(GLenum type, const char *src);

/* Attribute/fragment-output bindings for GLSL without layout qualifiers (glsl140). */
typedef struct {
   const char *name;
   GLuint index;
} binding;

GLuint link_program_b(const char *vs_src, const char *fs_src, const binding *attribs,
                      const binding *frags);
GLuint link_program(const char *vs_src, const char *fs_src);
/* A program of one compute shader; a failure naming its log where it does not link. */
GLuint must_compute(const char *src);
GLint uloc(GLuint prog, const char *name);
void set_vec4(GLuint prog, const char *name, vec4f c);
extern const char *VS_PIXELS;
extern const char *FS_UNIFORM;
GLuint solid_program(void);
/* A framebuffer with a 4-sample RGBA8 W x H renderbuffer (*rb), bound; fails when incomplete. */
GLuint ms_rgba8_fbo(GLuint *rb);

/* A VAO with one VBO of 2-float positions at attribute 0. */
typedef struct {
   GLuint vao, vbo;
} mesh;

mesh make_mesh(const float *xy, int n_vertices);
void rect_vertices(float *out12, float x0, float y0, float x1, float y1);
void clear_to(vec4f c);
/* Compatibility contexts: a pixel-space glOrtho (x, y in window pixels; z in [n, f]) with an
 * identity modelview, and an axis-aligned glBegin(GL_QUADS) rectangle at z 0. */
void compat_pixel_ortho(float n, float f);
void compat_rect(float x0, float y0, float x1, float y1);
void check_window_cleared(const char *phase);

/* ---- helpers more than one area uses (scenario_helpers.c) ------------------------------- */

void tex3d_fill(GLubyte *out, int texels, const GLubyte c[4]);
void expect_px(const char *phase, int x, int y, rgba8 want);
extern const char *VS_TEXTURED;
extern const char *FS_TEXTURED;
GLuint textured_quad_vao(float x0, float y0, float x1, float y1);
int es_version(int want);
void expect_error(GLenum want, const char *where);
GLuint link_program_gs(const char *vs_src, const char *gs_src, const char *fs_src);
/* Whether a shader compiles; whether the extension `name` is withheld (not listed, and a shader
 * src that requires it does not compile; mgl on lavapipe without the test knob `knob` must list it). */
bool shader_compiles(GLenum stage, const char *src);
bool ext_withheld(const char *name, const char *knob, GLenum stage, const char *src);
/* scenario_tess.c: whether the context offers tessellation (false after checking the refusals
 * where it does not); a program of the stages given (NULL: absent, "a_pos" at attribute 0), 0
 * when the link fails, with its log in log. */
bool tess_offered(void);
GLuint tess_try_link(const char *vs, const char *tcs, const char *tes, const char *fs, char *log,
                     int n);
void expect_program_iv(GLuint p, GLenum pname, GLint want, const char *what);
extern const char *FS_GS;

#define FL_N 8

void fl_expect_read(const char *phase, int x0, int y0, int x1, int y1, vec4f in, vec4f out);
GLuint xfb_buffer(GLsizeiptr bytes);
void read_buffer(GLuint b, GLintptr off, GLsizeiptr bytes, void *out);

enum { CP_N = 16 };

GLuint cp_fbo(GLenum ifmt, GLenum format, GLenum type, const void *px, GLuint *tex);

/* ---- the scenarios, one function each ---------------------------------------------------- */

#define SCENARIO(name, area, es) void sc_##name(void);
#include "scenarios.def"
#undef SCENARIO

#endif
