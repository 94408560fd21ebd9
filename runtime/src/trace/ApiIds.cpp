// The table of HIP's API operation ids (ApiIds.h): index = id, as AMD numbers them.
#include "ApiIds.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace hipcore::trace {

namespace {

// Written from the ids of AMD's hip_api_id_t (HIP 5.2.3, 5.7 and 6.4.3 agree on every id they
// share); nullptr marks a reserved id.
constexpr std::array<const char*, kApiIdLast + 1> kNames = {
    nullptr,                                                        // 0: HIP_API_ID_NONE
    "__hipPopCallConfiguration",                                    // 1
    "__hipPushCallConfiguration",                                   // 2
    "hipArray3DCreate",                                             // 3
    "hipArrayCreate",                                               // 4
    "hipArrayDestroy",                                              // 5
    "hipChooseDeviceR0000",                                         // 6
    "hipConfigureCall",                                             // 7
    "hipCtxCreate",                                                 // 8
    "hipCtxDestroy",                                                // 9
    "hipCtxDisablePeerAccess",                                      // 10
    "hipCtxEnablePeerAccess",                                       // 11
    "hipCtxGetApiVersion",                                          // 12
    "hipCtxGetCacheConfig",                                         // 13
    "hipCtxGetCurrent",                                             // 14
    "hipCtxGetDevice",                                              // 15
    "hipCtxGetFlags",                                               // 16
    "hipCtxGetSharedMemConfig",                                     // 17
    "hipCtxPopCurrent",                                             // 18
    "hipCtxPushCurrent",                                            // 19
    "hipCtxSetCacheConfig",                                         // 20
    "hipCtxSetCurrent",                                             // 21
    "hipCtxSetSharedMemConfig",                                     // 22
    "hipCtxSynchronize",                                            // 23
    "hipDestroyExternalMemory",                                     // 24
    "hipDestroyExternalSemaphore",                                  // 25
    "hipDeviceCanAccessPeer",                                       // 26
    "hipDeviceComputeCapability",                                   // 27
    "hipDeviceDisablePeerAccess",                                   // 28
    "hipDeviceEnablePeerAccess",                                    // 29
    "hipDeviceGet",                                                 // 30
    "hipDeviceGetAttribute",                                        // 31
    "hipDeviceGetByPCIBusId",                                       // 32
    "hipDeviceGetCacheConfig",                                      // 33
    "hipDeviceGetLimit",                                            // 34
    "hipDeviceGetName",                                             // 35
    "hipDeviceGetP2PAttribute",                                     // 36
    "hipDeviceGetPCIBusId",                                         // 37
    "hipDeviceGetSharedMemConfig",                                  // 38
    "hipDeviceGetStreamPriorityRange",                              // 39
    "hipDevicePrimaryCtxGetState",                                  // 40
    "hipDevicePrimaryCtxRelease",                                   // 41
    "hipDevicePrimaryCtxReset",                                     // 42
    "hipDevicePrimaryCtxRetain",                                    // 43
    "hipDevicePrimaryCtxSetFlags",                                  // 44
    "hipDeviceReset",                                               // 45
    "hipDeviceSetCacheConfig",                                      // 46
    "hipDeviceSetSharedMemConfig",                                  // 47
    "hipDeviceSynchronize",                                         // 48
    "hipDeviceTotalMem",                                            // 49
    nullptr,                                                        // 50: reserved
    "hipDrvMemcpy2DUnaligned",                                      // 51
    "hipDrvMemcpy3D",                                               // 52
    "hipDrvMemcpy3DAsync",                                          // 53
    "hipEventCreate",                                               // 54
    "hipEventCreateWithFlags",                                      // 55
    "hipEventDestroy",                                              // 56
    "hipEventElapsedTime",                                          // 57
    "hipEventQuery",                                                // 58
    "hipEventRecord",                                               // 59
    "hipEventSynchronize",                                          // 60
    "hipExtGetLinkTypeAndHopCount",                                 // 61
    "hipExtLaunchKernel",                                           // 62
    "hipExtLaunchMultiKernelMultiDevice",                           // 63
    "hipExtMallocWithFlags",                                        // 64
    "hipExtModuleLaunchKernel",                                     // 65
    "hipExtStreamCreateWithCUMask",                                 // 66
    "hipExtStreamGetCUMask",                                        // 67
    "hipExternalMemoryGetMappedBuffer",                             // 68
    "hipFree",                                                      // 69
    "hipFreeArray",                                                 // 70
    "hipFreeHost",                                                  // 71
    "hipFreeMipmappedArray",                                        // 72
    "hipFuncGetAttribute",                                          // 73
    "hipFuncGetAttributes",                                         // 74
    "hipFuncSetAttribute",                                          // 75
    "hipFuncSetCacheConfig",                                        // 76
    "hipFuncSetSharedMemConfig",                                    // 77
    "hipGetDevice",                                                 // 78
    "hipGetDeviceCount",                                            // 79
    "hipGetDeviceFlags",                                            // 80
    "hipGetDevicePropertiesR0000",                                  // 81
    nullptr,                                                        // 82: reserved
    "hipGetErrorString",                                            // 83
    "hipGetLastError",                                              // 84
    "hipGetMipmappedArrayLevel",                                    // 85
    "hipGetSymbolAddress",                                          // 86
    "hipGetSymbolSize",                                             // 87
    "hipHccModuleLaunchKernel",                                     // 88
    "hipHostAlloc",                                                 // 89
    "hipHostFree",                                                  // 90
    "hipHostGetDevicePointer",                                      // 91
    "hipHostGetFlags",                                              // 92
    "hipHostMalloc",                                                // 93
    "hipHostRegister",                                              // 94
    "hipHostUnregister",                                            // 95
    "hipImportExternalMemory",                                      // 96
    "hipImportExternalSemaphore",                                   // 97
    "hipInit",                                                      // 98
    "hipIpcCloseMemHandle",                                         // 99
    "hipIpcGetEventHandle",                                         // 100
    "hipIpcGetMemHandle",                                           // 101
    "hipIpcOpenEventHandle",                                        // 102
    "hipIpcOpenMemHandle",                                          // 103
    "hipLaunchByPtr",                                               // 104
    "hipLaunchCooperativeKernel",                                   // 105
    "hipLaunchCooperativeKernelMultiDevice",                        // 106
    "hipLaunchKernel",                                              // 107
    "hipMalloc",                                                    // 108
    "hipMalloc3D",                                                  // 109
    "hipMalloc3DArray",                                             // 110
    "hipMallocArray",                                               // 111
    "hipMallocHost",                                                // 112
    "hipMallocManaged",                                             // 113
    "hipMallocMipmappedArray",                                      // 114
    "hipMallocPitch",                                               // 115
    "hipMemAdvise",                                                 // 116
    "hipMemAllocHost",                                              // 117
    "hipMemAllocPitch",                                             // 118
    "hipMemGetAddressRange",                                        // 119
    "hipMemGetInfo",                                                // 120
    "hipMemPrefetchAsync",                                          // 121
    "hipMemPtrGetInfo",                                             // 122
    "hipMemRangeGetAttribute",                                      // 123
    "hipMemRangeGetAttributes",                                     // 124
    "hipMemcpy",                                                    // 125
    "hipMemcpy2D",                                                  // 126
    "hipMemcpy2DAsync",                                             // 127
    "hipMemcpy2DFromArray",                                         // 128
    "hipMemcpy2DFromArrayAsync",                                    // 129
    "hipMemcpy2DToArray",                                           // 130
    "hipMemcpy2DToArrayAsync",                                      // 131
    "hipMemcpy3D",                                                  // 132
    "hipMemcpy3DAsync",                                             // 133
    "hipMemcpyAsync",                                               // 134
    "hipMemcpyAtoH",                                                // 135
    "hipMemcpyDtoD",                                                // 136
    "hipMemcpyDtoDAsync",                                           // 137
    "hipMemcpyDtoH",                                                // 138
    "hipMemcpyDtoHAsync",                                           // 139
    "hipMemcpyFromArray",                                           // 140
    "hipMemcpyFromSymbol",                                          // 141
    "hipMemcpyFromSymbolAsync",                                     // 142
    "hipMemcpyHtoA",                                                // 143
    "hipMemcpyHtoD",                                                // 144
    "hipMemcpyHtoDAsync",                                           // 145
    "hipMemcpyParam2D",                                             // 146
    "hipMemcpyParam2DAsync",                                        // 147
    "hipMemcpyPeer",                                                // 148
    "hipMemcpyPeerAsync",                                           // 149
    "hipMemcpyToArray",                                             // 150
    "hipMemcpyToSymbol",                                            // 151
    "hipMemcpyToSymbolAsync",                                       // 152
    "hipMemcpyWithStream",                                          // 153
    "hipMemset",                                                    // 154
    "hipMemset2D",                                                  // 155
    "hipMemset2DAsync",                                             // 156
    "hipMemset3D",                                                  // 157
    "hipMemset3DAsync",                                             // 158
    "hipMemsetAsync",                                               // 159
    "hipMemsetD16",                                                 // 160
    "hipMemsetD16Async",                                            // 161
    "hipMemsetD32",                                                 // 162
    "hipMemsetD32Async",                                            // 163
    "hipMemsetD8",                                                  // 164
    "hipMemsetD8Async",                                             // 165
    "hipModuleGetFunction",                                         // 166
    "hipModuleGetGlobal",                                           // 167
    "hipModuleGetTexRef",                                           // 168
    "hipModuleLaunchKernel",                                        // 169
    "hipModuleLoad",                                                // 170
    "hipModuleLoadData",                                            // 171
    "hipModuleLoadDataEx",                                          // 172
    "hipModuleOccupancyMaxActiveBlocksPerMultiprocessor",           // 173
    "hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",  // 174
    "hipModuleOccupancyMaxPotentialBlockSize",                      // 175
    "hipModuleOccupancyMaxPotentialBlockSizeWithFlags",             // 176
    "hipModuleUnload",                                              // 177
    "hipOccupancyMaxActiveBlocksPerMultiprocessor",                 // 178
    "hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",        // 179
    "hipOccupancyMaxPotentialBlockSize",                            // 180
    "hipPeekAtLastError",                                           // 181
    "hipPointerGetAttributes",                                      // 182
    "hipProfilerStart",                                             // 183
    "hipProfilerStop",                                              // 184
    nullptr,                                                        // 185: reserved
    "hipSetDevice",                                                 // 186
    "hipSetDeviceFlags",                                            // 187
    "hipSetupArgument",                                             // 188
    "hipSignalExternalSemaphoresAsync",                             // 189
    "hipStreamAddCallback",                                         // 190
    "hipStreamAttachMemAsync",                                      // 191
    "hipStreamCreate",                                              // 192
    "hipStreamCreateWithFlags",                                     // 193
    "hipStreamCreateWithPriority",                                  // 194
    "hipStreamDestroy",                                             // 195
    "hipStreamGetFlags",                                            // 196
    "hipStreamGetPriority",                                         // 197
    "hipStreamQuery",                                               // 198
    "hipStreamSynchronize",                                         // 199
    "hipStreamWaitEvent",                                           // 200
    "hipStreamWaitValue32",                                         // 201
    "hipStreamWaitValue64",                                         // 202
    "hipStreamWriteValue32",                                        // 203
    "hipStreamWriteValue64",                                        // 204
    "hipWaitExternalSemaphoresAsync",                               // 205
    "hipCreateSurfaceObject",                                       // 206
    "hipDestroySurfaceObject",                                      // 207
    "hipGraphAddKernelNode",                                        // 208
    "hipGraphAddMemcpyNode",                                        // 209
    "hipGraphAddMemsetNode",                                        // 210
    "hipGraphCreate",                                               // 211
    "hipGraphDestroy",                                              // 212
    "hipGraphExecDestroy",                                          // 213
    "hipGraphInstantiate",                                          // 214
    "hipGraphLaunch",                                               // 215
    "hipMipmappedArrayCreate",                                      // 216
    "hipMipmappedArrayDestroy",                                     // 217
    "hipMipmappedArrayGetLevel",                                    // 218
    "hipStreamBeginCapture",                                        // 219
    "hipStreamEndCapture",                                          // 220
    "hipTexRefGetAddress",                                          // 221
    "hipTexRefGetFlags",                                            // 222
    "hipTexRefGetFormat",                                           // 223
    "hipTexRefGetMaxAnisotropy",                                    // 224
    "hipTexRefGetMipMappedArray",                                   // 225
    "hipTexRefGetMipmapLevelBias",                                  // 226
    "hipTexRefGetMipmapLevelClamp",                                 // 227
    "hipTexRefSetAddress",                                          // 228
    "hipTexRefSetAddress2D",                                        // 229
    "hipTexRefSetBorderColor",                                      // 230
    "hipTexRefSetFormat",                                           // 231
    "hipTexRefSetMaxAnisotropy",                                    // 232
    "hipTexRefSetMipmapLevelClamp",                                 // 233
    "hipTexRefSetMipmappedArray",                                   // 234
    "hipGLGetDevices",                                              // 235
    "hipGraphAddDependencies",                                      // 236
    "hipGraphAddEmptyNode",                                         // 237
    "hipGraphExecKernelNodeSetParams",                              // 238
    "hipGraphGetNodes",                                             // 239
    "hipGraphGetRootNodes",                                         // 240
    "hipGraphKernelNodeGetParams",                                  // 241
    "hipGraphKernelNodeSetParams",                                  // 242
    "hipGraphMemcpyNodeGetParams",                                  // 243
    "hipGraphMemcpyNodeSetParams",                                  // 244
    "hipGraphMemsetNodeGetParams",                                  // 245
    "hipGraphMemsetNodeSetParams",                                  // 246
    "hipGraphicsGLRegisterBuffer",                                  // 247
    "hipGraphicsMapResources",                                      // 248
    "hipGraphicsResourceGetMappedPointer",                          // 249
    "hipGraphicsUnmapResources",                                    // 250
    "hipGraphicsUnregisterResource",                                // 251
    "hipGraphAddChildGraphNode",                                    // 252
    "hipGraphAddEventRecordNode",                                   // 253
    "hipGraphAddEventWaitNode",                                     // 254
    "hipGraphAddHostNode",                                          // 255
    "hipGraphAddMemcpyNode1D",                                      // 256
    "hipGraphAddMemcpyNodeFromSymbol",                              // 257
    "hipGraphAddMemcpyNodeToSymbol",                                // 258
    "hipGraphChildGraphNodeGetGraph",                               // 259
    "hipGraphClone",                                                // 260
    "hipGraphDestroyNode",                                          // 261
    "hipGraphEventRecordNodeGetEvent",                              // 262
    "hipGraphEventRecordNodeSetEvent",                              // 263
    "hipGraphEventWaitNodeGetEvent",                                // 264
    "hipGraphEventWaitNodeSetEvent",                                // 265
    "hipGraphExecChildGraphNodeSetParams",                          // 266
    "hipGraphExecEventRecordNodeSetEvent",                          // 267
    "hipGraphExecEventWaitNodeSetEvent",                            // 268
    "hipGraphExecHostNodeSetParams",                                // 269
    "hipGraphExecMemcpyNodeSetParams",                              // 270
    "hipGraphExecMemcpyNodeSetParams1D",                            // 271
    "hipGraphExecMemcpyNodeSetParamsFromSymbol",                    // 272
    "hipGraphExecMemcpyNodeSetParamsToSymbol",                      // 273
    "hipGraphExecMemsetNodeSetParams",                              // 274
    "hipGraphExecUpdate",                                           // 275
    "hipGraphGetEdges",                                             // 276
    "hipGraphHostNodeGetParams",                                    // 277
    "hipGraphHostNodeSetParams",                                    // 278
    "hipGraphInstantiateWithFlags",                                 // 279
    "hipGraphMemcpyNodeSetParams1D",                                // 280
    "hipGraphMemcpyNodeSetParamsFromSymbol",                        // 281
    "hipGraphMemcpyNodeSetParamsToSymbol",                          // 282
    "hipGraphNodeFindInClone",                                      // 283
    "hipGraphNodeGetDependencies",                                  // 284
    "hipGraphNodeGetDependentNodes",                                // 285
    "hipGraphNodeGetType",                                          // 286
    "hipGraphRemoveDependencies",                                   // 287
    "hipStreamGetCaptureInfo",                                      // 288
    "hipStreamGetCaptureInfo_v2",                                   // 289
    "hipStreamIsCapturing",                                         // 290
    "hipStreamUpdateCaptureDependencies",                           // 291
    "hipDrvPointerGetAttributes",                                   // 292
    "hipGraphicsGLRegisterImage",                                   // 293
    "hipGraphicsSubResourceGetMappedArray",                         // 294
    "hipPointerGetAttribute",                                       // 295
    nullptr,                                                        // 296: reserved
    "hipThreadExchangeStreamCaptureMode",                           // 297
    "hipDeviceGetUuid",                                             // 298
    "hipGetChannelDesc",                                            // 299
    "hipGraphKernelNodeGetAttribute",                               // 300
    "hipGraphKernelNodeSetAttribute",                               // 301
    "hipLaunchHostFunc",                                            // 302
    "hipDeviceGetDefaultMemPool",                                   // 303
    "hipDeviceGetMemPool",                                          // 304
    "hipDeviceSetMemPool",                                          // 305
    "hipFreeAsync",                                                 // 306
    "hipMallocAsync",                                               // 307
    "hipMallocFromPoolAsync",                                       // 308
    "hipMemPoolCreate",                                             // 309
    "hipMemPoolDestroy",                                            // 310
    "hipMemPoolExportPointer",                                      // 311
    "hipMemPoolExportToShareableHandle",                            // 312
    "hipMemPoolGetAccess",                                          // 313
    "hipMemPoolGetAttribute",                                       // 314
    "hipMemPoolImportFromShareableHandle",                          // 315
    "hipMemPoolImportPointer",                                      // 316
    "hipMemPoolSetAccess",                                          // 317
    "hipMemPoolSetAttribute",                                       // 318
    "hipMemPoolTrimTo",                                             // 319
    "hipMemAddressFree",                                            // 320
    "hipMemAddressReserve",                                         // 321
    "hipMemCreate",                                                 // 322
    "hipMemExportToShareableHandle",                                // 323
    "hipMemGetAccess",                                              // 324
    "hipMemGetAllocationGranularity",                               // 325
    "hipMemGetAllocationPropertiesFromHandle",                      // 326
    "hipMemImportFromShareableHandle",                              // 327
    "hipMemMap",                                                    // 328
    "hipMemMapArrayAsync",                                          // 329
    "hipMemRelease",                                                // 330
    "hipMemRetainAllocationHandle",                                 // 331
    "hipMemSetAccess",                                              // 332
    "hipMemUnmap",                                                  // 333
    "hipDeviceSetGraphMemAttribute",                                // 334
    "hipDeviceGetGraphMemAttribute",                                // 335
    "hipDeviceGraphMemTrim",                                        // 336
    "hipDeviceSetLimit",                                            // 337
    "hipTexRefSetArray",                                            // 338
    "hipTexRefSetFlags",                                            // 339
    "hipTexRefSetMipmapLevelBias",                                  // 340
    "hipDriverGetVersion",                                          // 341
    "hipGraphUpload",                                               // 342
    "hipRuntimeGetVersion",                                         // 343
    "hipUserObjectCreate",                                          // 344
    "hipUserObjectRelease",                                         // 345
    "hipUserObjectRetain",                                          // 346
    "hipGraphRetainUserObject",                                     // 347
    "hipGraphReleaseUserObject",                                    // 348
    "hipGraphDebugDotPrint",                                        // 349
    "hipGraphKernelNodeCopyAttributes",                             // 350
    "hipGraphNodeGetEnabled",                                       // 351
    "hipGraphNodeSetEnabled",                                       // 352
    "hipPointerSetAttribute",                                       // 353
    "hipGraphAddMemAllocNode",                                      // 354
    "hipGraphAddMemFreeNode",                                       // 355
    "hipGraphMemAllocNodeGetParams",                                // 356
    "hipGraphMemFreeNodeGetParams",                                 // 357
    "hipModuleLaunchCooperativeKernel",                             // 358
    "hipModuleLaunchCooperativeKernelMultiDevice",                  // 359
    "hipArray3DGetDescriptor",                                      // 360
    "hipArrayGetDescriptor",                                        // 361
    "hipArrayGetInfo",                                              // 362
    "hipStreamGetDevice",                                           // 363
    "hipExternalMemoryGetMappedMipmappedArray",                     // 364
    "hipChooseDeviceR0600",                                         // 365
    "hipDrvGraphAddMemcpyNode",                                     // 366
    "hipDrvGraphAddMemsetNode",                                     // 367
    "hipDrvGraphMemcpyNodeGetParams",                               // 368
    "hipDrvGraphMemcpyNodeSetParams",                               // 369
    "hipGetDevicePropertiesR0600",                                  // 370
    "hipGraphAddExternalSemaphoresSignalNode",                      // 371
    "hipGraphAddExternalSemaphoresWaitNode",                        // 372
    "hipGraphExecExternalSemaphoresSignalNodeSetParams",            // 373
    "hipGraphExecExternalSemaphoresWaitNodeSetParams",              // 374
    "hipGraphExternalSemaphoresSignalNodeGetParams",                // 375
    "hipGraphExternalSemaphoresSignalNodeSetParams",                // 376
    "hipGraphExternalSemaphoresWaitNodeGetParams",                  // 377
    "hipGraphExternalSemaphoresWaitNodeSetParams",                  // 378
    "hipExtGetLastError",                                           // 379
    "hipGraphAddNode",                                              // 380
    "hipGetProcAddress",                                            // 381
    "hipGraphExecGetFlags",                                         // 382
    "hipGraphExecNodeSetParams",                                    // 383
    "hipGraphInstantiateWithParams",                                // 384
    "hipGraphNodeSetParams",                                        // 385
    "hipDrvGraphAddMemFreeNode",                                    // 386
    "hipDrvGraphExecMemcpyNodeSetParams",                           // 387
    "hipDrvGraphExecMemsetNodeSetParams",                           // 388
    "hipTexRefGetArray",                                            // 389
    "hipTexRefGetBorderColor",                                      // 390
    "hipStreamBeginCaptureToGraph",                                 // 391
    "hipGetFuncBySymbol",                                           // 392
    nullptr,                                                        // 393: reserved
    nullptr,                                                        // 394: reserved
    nullptr,                                                        // 395: reserved
    nullptr,                                                        // 396: reserved
    nullptr,                                                        // 397: reserved
    nullptr,                                                        // 398: reserved
    nullptr,                                                        // 399: reserved
    "hipMemcpy2DArrayToArray",                                      // 400
    "hipMemcpyAtoA",                                                // 401
    "hipMemcpyAtoD",                                                // 402
    "hipMemcpyAtoHAsync",                                           // 403
    "hipMemcpyDtoA",                                                // 404
    "hipMemcpyHtoAAsync",                                           // 405
    "hipSetValidDevices",                                           // 406
    nullptr,                                                        // 407: reserved
    "hipStreamBatchMemOp",                                          // 408
    "hipGraphAddBatchMemOpNode",                                    // 409
    "hipGraphBatchMemOpNodeGetParams",                              // 410
    "hipGraphBatchMemOpNodeSetParams",                              // 411
    "hipGraphExecBatchMemOpNodeSetParams",                          // 412
    "hipLinkAddData",                                               // 413
    "hipLinkAddFile",                                               // 414
    "hipLinkComplete",                                              // 415
    "hipLinkCreate",                                                // 416
    "hipLinkDestroy",                                               // 417
    "hipEventRecordWithFlags",                                      // 418
};

// Names hipcore's functions carry that AMD's table spells differently (ApiIds.h).
struct Alias {
  const char* name;
  uint32_t id;
};
constexpr Alias kAliases[] = {{"hipChooseDevice", 6}, {"hipGetDeviceProperties", 81}};

// The ids ordered by name, for a binary search (built on first use: only a tracer asks).
struct ByName {
  std::array<uint16_t, kApiIdLast + 1> ids{};
  size_t count = 0;

  ByName() {
    for (uint32_t id = kApiIdFirst; id <= kApiIdLast; ++id)
      if (kNames[id] != nullptr) ids[count++] = static_cast<uint16_t>(id);
    std::sort(ids.begin(), ids.begin() + count,
              [](uint16_t a, uint16_t b) { return std::strcmp(kNames[a], kNames[b]) < 0; });
  }
};

}  // namespace

const char* apiIdName(uint32_t id) {
  return id <= kApiIdLast ? kNames[id] : nullptr;
}

uint32_t apiIdOf(const char* name) {
  static const ByName index;
  const uint16_t* first = index.ids.data();
  const uint16_t* last = first + index.count;
  const uint16_t* found = std::lower_bound(first, last, name, [](uint16_t id, const char* key) {
    return std::strcmp(kNames[id], key) < 0;
  });
  if (found != last && std::strcmp(kNames[*found], name) == 0) return *found;
  for (const Alias& alias : kAliases)
    if (std::strcmp(alias.name, name) == 0) return alias.id;
  return kApiIdNone;
}

}  // namespace hipcore::trace
