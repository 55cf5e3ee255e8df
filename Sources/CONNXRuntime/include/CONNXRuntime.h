// The part of ONNX Runtime's C API that screenrec uses, declared as a table of function pointers.
//
// ONNX Runtime exports one symbol, `OrtGetApiBase`; `GetApi(version)` returns `const OrtApi*`, a
// struct of function pointers that only ever grows at the end (append-only), so the index of each
// entry is fixed for every later version. `SROrtApi` mirrors the first 131 entries: the ones we
// call are typed; the ones we don't are `void*` padding. The indices are those of the published
// `onnxruntime_c_api.h` (facts in ../shared/notes/onnxruntime-on-linux.md); `_Static_assert`s
// in ort_loader.c pin each typed entry to its index.
#ifndef SCREENREC_CONNXRUNTIME_H
#define SCREENREC_CONNXRUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct OrtStatus OrtStatus;
typedef struct OrtEnv OrtEnv;
typedef struct OrtSession OrtSession;
typedef struct OrtSessionOptions OrtSessionOptions;
typedef struct OrtValue OrtValue;
typedef struct OrtMemoryInfo OrtMemoryInfo;
typedef struct OrtAllocator OrtAllocator;
typedef struct OrtRunOptions OrtRunOptions;
typedef struct OrtTensorTypeAndShapeInfo OrtTensorTypeAndShapeInfo;
typedef struct OrtTypeInfo OrtTypeInfo;

/// ONNX tensor element types (ONNXTensorElementDataType) that screenrec reads.
enum {
    SR_ORT_FLOAT = 1, SR_ORT_UINT8 = 2, SR_ORT_INT8 = 3, SR_ORT_INT32 = 6, SR_ORT_INT64 = 7,
    SR_ORT_BOOL = 9, SR_ORT_DOUBLE = 11
};

typedef struct SROrtApi {
    OrtStatus *(*CreateStatus)(int code, const char *msg);                                   // 0
    int (*GetErrorCode)(const OrtStatus *status);                                             // 1
    const char *(*GetErrorMessage)(const OrtStatus *status);                                  // 2
    OrtStatus *(*CreateEnv)(int logLevel, const char *logId, OrtEnv **out);                   // 3
    void *unused4_6[3];
    OrtStatus *(*CreateSession)(const OrtEnv *env, const char *modelPath,
                                const OrtSessionOptions *options, OrtSession **out);          // 7
    OrtStatus *(*CreateSessionFromArray)(const OrtEnv *env, const void *modelData, size_t length,
                                         const OrtSessionOptions *options, OrtSession **out); // 8
    OrtStatus *(*Run)(OrtSession *session, const OrtRunOptions *runOptions,
                      const char *const *inputNames, const OrtValue *const *inputs, size_t inputCount,
                      const char *const *outputNames, size_t outputCount, OrtValue **outputs); // 9
    OrtStatus *(*CreateSessionOptions)(OrtSessionOptions **out);                              // 10
    void *unused11_22[12];
    OrtStatus *(*SetSessionGraphOptimizationLevel)(OrtSessionOptions *options, int level);    // 23
    OrtStatus *(*SetIntraOpNumThreads)(OrtSessionOptions *options, int n);                    // 24
    OrtStatus *(*SetInterOpNumThreads)(OrtSessionOptions *options, int n);                    // 25
    void *unused26_29[4];
    OrtStatus *(*SessionGetInputCount)(const OrtSession *session, size_t *out);               // 30
    OrtStatus *(*SessionGetOutputCount)(const OrtSession *session, size_t *out);              // 31
    void *unused32;
    OrtStatus *(*SessionGetInputTypeInfo)(const OrtSession *session, size_t index,
                                          OrtTypeInfo **out);                                 // 33
    OrtStatus *(*SessionGetOutputTypeInfo)(const OrtSession *session, size_t index,
                                           OrtTypeInfo **out);                                // 34
    void *unused35;
    OrtStatus *(*SessionGetInputName)(const OrtSession *session, size_t index,
                                      OrtAllocator *allocator, char **out);                   // 36
    OrtStatus *(*SessionGetOutputName)(const OrtSession *session, size_t index,
                                       OrtAllocator *allocator, char **out);                  // 37
    void *unused38_48[11];
    OrtStatus *(*CreateTensorWithDataAsOrtValue)(const OrtMemoryInfo *info, void *data,
                                                 size_t byteCount, const int64_t *shape,
                                                 size_t rank, int elementType, OrtValue **out); // 49
    OrtStatus *(*IsTensor)(const OrtValue *value, int *out);                                  // 50
    OrtStatus *(*GetTensorMutableData)(OrtValue *value, void **out);                          // 51
    void *unused52_54[3];
    /// `*out` is NULL for a non-tensor type (a map, a sequence); it belongs to the type info (not released).
    OrtStatus *(*CastTypeInfoToTensorInfo)(const OrtTypeInfo *info,
                                           const OrtTensorTypeAndShapeInfo **out);            // 55
    void *unused56_59[4];
    OrtStatus *(*GetTensorElementType)(const OrtTensorTypeAndShapeInfo *info, int *out);      // 60
    OrtStatus *(*GetDimensionsCount)(const OrtTensorTypeAndShapeInfo *info, size_t *out);     // 61
    OrtStatus *(*GetDimensions)(const OrtTensorTypeAndShapeInfo *info, int64_t *dims,
                                size_t count);                                                // 62
    void *unused63;
    OrtStatus *(*GetTensorShapeElementCount)(const OrtTensorTypeAndShapeInfo *info, size_t *out); // 64
    OrtStatus *(*GetTensorTypeAndShape)(const OrtValue *value, OrtTensorTypeAndShapeInfo **out);  // 65
    void *unused66_68[3];
    OrtStatus *(*CreateCpuMemoryInfo)(int allocatorType, int memType, OrtMemoryInfo **out);   // 69
    void *unused70_75[6];
    OrtStatus *(*AllocatorFree)(OrtAllocator *allocator, void *p);                            // 76
    void *unused77;
    OrtStatus *(*GetAllocatorWithDefaultOptions)(OrtAllocator **out);                         // 78
    void *unused79_91[13];
    void (*ReleaseEnv)(OrtEnv *env);                                                          // 92
    void (*ReleaseStatus)(OrtStatus *status);                                                 // 93
    void (*ReleaseMemoryInfo)(OrtMemoryInfo *info);                                           // 94
    void (*ReleaseSession)(OrtSession *session);                                              // 95
    void (*ReleaseValue)(OrtValue *value);                                                    // 96
    void *unused97;
    void (*ReleaseTypeInfo)(OrtTypeInfo *info);                                               // 98
    void (*ReleaseTensorTypeAndShapeInfo)(OrtTensorTypeAndShapeInfo *info);                   // 99
    void (*ReleaseSessionOptions)(OrtSessionOptions *options);                                // 100
    void *unused101_129[29];
    OrtStatus *(*AddSessionConfigEntry)(OrtSessionOptions *options, const char *key, const char *value); // 130
} SROrtApi;

/// The API version screenrec asks for: 17 (ONNX Runtime 1.17, the lowest that has everything above).
#define SR_ORT_API_VERSION 17

/// Opens the ONNX Runtime library at `path` (dlopen) and returns its API table for
/// `SR_ORT_API_VERSION`, or NULL with a message in `error` (at most `errorLength` bytes, NUL-ended).
/// On success `*versionString` points at the library's version ("1.31.1"). The library stays
/// loaded for the life of the process.
const SROrtApi *sr_ort_load(const char *path, const char **versionString, char *error, size_t errorLength);

/// The number of entries `SROrtApi` declares (131).
size_t sr_ort_api_entry_count(void);

#ifdef __cplusplus
}
#endif

#endif
