/* The gRPC core C API as installed by Debian's libgrpc-dev (/usr/include/grpc). Only CGRPCShim includes it. */
#include <grpc/grpc.h>
#include <grpc/grpc_security.h>
#include <grpc/byte_buffer_reader.h>
#include <grpc/support/alloc.h>
#include <grpc/support/time.h>
