#include "ProctorBuildInfo.h"

// scripts/dist.sh writes proctor_build_info.h, defining PROCTOR_BUILD_COMMIT, into its scratch
// path and adds that folder to the include path with -Xcc -I. The folder stays the same from one
// build to the next and only the header's contents change, so a new commit recompiles this file
// alone, not every module whose compiler flags would change with a -D define. Angle brackets keep
// the search to the include path: a stray copy next to this file is never picked up.
#if __has_include(<proctor_build_info.h>)
#include <proctor_build_info.h>
#endif

#ifndef PROCTOR_BUILD_COMMIT
#define PROCTOR_BUILD_COMMIT ""
#endif

const char *proctor_build_commit(void) { return PROCTOR_BUILD_COMMIT; }
