#ifndef SCREENREC_CTESSERACT_SHIM_H
#define SCREENREC_CTESSERACT_SHIM_H
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
#endif
