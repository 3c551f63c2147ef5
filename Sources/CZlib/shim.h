#ifndef PROCTOR_CZLIB_SHIM_H
#define PROCTOR_CZLIB_SHIM_H

// The one place Proctor touches zlib's header: raw DEFLATE and CRC-32 for the entries of a zip
// archive (a Wallet pass bundle). Only ProctorArchive imports this module.
#include <zlib.h>

#endif
