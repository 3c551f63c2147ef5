#ifndef PROCTOR_CJSONC_SHIM_H
#define PROCTOR_CJSONC_SHIM_H

// The one place Proctor touches json-c's headers. Only the ProctorJSON module
// imports this module, and no json-c type crosses ProctorJSON's public API.
#include <json-c/json.h>
#include <json-c/json_object_iterator.h>

#endif
