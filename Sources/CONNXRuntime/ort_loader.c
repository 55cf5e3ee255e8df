#include "CONNXRuntime.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

// Each typed entry sits at the index of the published OrtApi table (append-only).
#define SR_AT(field, index) _Static_assert(offsetof(SROrtApi, field) == (index) * sizeof(void *), #field " must be entry " #index)
SR_AT(CreateStatus, 0);
SR_AT(GetErrorMessage, 2);
SR_AT(CreateEnv, 3);
SR_AT(CreateSession, 7);
SR_AT(CreateSessionFromArray, 8);
SR_AT(Run, 9);
SR_AT(CreateSessionOptions, 10);
SR_AT(SetSessionGraphOptimizationLevel, 23);
SR_AT(SetIntraOpNumThreads, 24);
SR_AT(SetInterOpNumThreads, 25);
SR_AT(SessionGetInputCount, 30);
SR_AT(SessionGetOutputCount, 31);
SR_AT(SessionGetInputTypeInfo, 33);
SR_AT(SessionGetOutputTypeInfo, 34);
SR_AT(SessionGetInputName, 36);
SR_AT(SessionGetOutputName, 37);
SR_AT(CreateTensorWithDataAsOrtValue, 49);
SR_AT(IsTensor, 50);
SR_AT(GetTensorMutableData, 51);
SR_AT(CastTypeInfoToTensorInfo, 55);
SR_AT(GetTensorElementType, 60);
SR_AT(GetDimensionsCount, 61);
SR_AT(GetDimensions, 62);
SR_AT(GetTensorShapeElementCount, 64);
SR_AT(GetTensorTypeAndShape, 65);
SR_AT(CreateCpuMemoryInfo, 69);
SR_AT(AllocatorFree, 76);
SR_AT(GetAllocatorWithDefaultOptions, 78);
SR_AT(ReleaseEnv, 92);
SR_AT(ReleaseStatus, 93);
SR_AT(ReleaseMemoryInfo, 94);
SR_AT(ReleaseSession, 95);
SR_AT(ReleaseValue, 96);
SR_AT(ReleaseTypeInfo, 98);
SR_AT(ReleaseTensorTypeAndShapeInfo, 99);
SR_AT(ReleaseSessionOptions, 100);
SR_AT(AddSessionConfigEntry, 130);
_Static_assert(sizeof(SROrtApi) == 131 * sizeof(void *), "SROrtApi declares entries 0...130");

// OrtApiBase: { const OrtApi* (*GetApi)(uint32_t version); const char* (*GetVersionString)(void); }
typedef struct {
    const void *(*GetApi)(uint32_t version);
    const char *(*GetVersionString)(void);
} SROrtApiBase;

size_t sr_ort_api_entry_count(void) { return sizeof(SROrtApi) / sizeof(void *); }

const SROrtApi *sr_ort_load(const char *path, const char **versionString, char *error, size_t errorLength) {
    if (versionString) *versionString = NULL;
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(error, errorLength, "%s", why ? why : "dlopen failed");
        return NULL;
    }
    const SROrtApiBase *(*getBase)(void) = (const SROrtApiBase *(*)(void))dlsym(handle, "OrtGetApiBase");
    if (!getBase) {
        snprintf(error, errorLength, "%s is not ONNX Runtime: it has no OrtGetApiBase symbol", path);
        dlclose(handle);
        return NULL;
    }
    const SROrtApiBase *base = getBase();
    const char *version = (base && base->GetVersionString) ? base->GetVersionString() : NULL;
    if (versionString) *versionString = version;
    const SROrtApi *api = (base && base->GetApi) ? (const SROrtApi *)base->GetApi(SR_ORT_API_VERSION) : NULL;
    if (!api) {
        snprintf(error, errorLength, "ONNX Runtime %s at %s does not provide API version %d (needs ONNX Runtime 1.17 or later)",
                 version ? version : "(unknown version)", path, SR_ORT_API_VERSION);
        // Keep the handle: the library may already have registered global state.
        return NULL;
    }
    return api;
}
