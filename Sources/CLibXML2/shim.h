#ifndef PROCTOR_CLIBXML2_SHIM_H
#define PROCTOR_CLIBXML2_SHIM_H

// The one place Proctor touches libxml2's headers. Only the ProctorWeb module imports this
// module, and no libxml2 type crosses ProctorWeb's public API.
//
// libxml2 built with ICU declares ICU converters in its encoding header, whose ICU types clash
// with the copy of ICU that Foundation ships as a module. Proctor never uses libxml2's encoding
// handlers, so the ICU part of the header is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

// xmlFree is a global function pointer, which Swift 6 refuses to read from concurrent code.
static inline void proctor_xml_free(void *pointer) { xmlFree(pointer); }

#endif
