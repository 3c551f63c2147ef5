#ifndef PROCTOR_BUILD_INFO_H
#define PROCTOR_BUILD_INFO_H

// What proctor knows about the build it came from, for `proctor --version`.
//
// The commit is a C string compiled into BuildInfo.c rather than a Swift constant because Swift
// has no build-time string defines, and a tracked file rewritten per commit would leave the tree
// dirty. The result is "" when the build was not told the commit (a plain `swift build`).
const char *proctor_build_commit(void);

#endif
