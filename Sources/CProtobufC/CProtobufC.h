/* The protobuf-c runtime as installed by Debian's libprotobuf-c-dev. CFirestoreProtos builds on it. */
#include <protobuf-c/protobuf-c.h>
