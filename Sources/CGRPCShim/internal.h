/* The layouts behind CGRPCShim.h's opaque types. Each pointer says who frees it: `owned` by this struct
   (freed in its destroy function), `reference` when someone else keeps it alive. */
#ifndef CGRPCSHIM_INTERNAL_H
#define CGRPCSHIM_INTERNAL_H

#include <grpc/byte_buffer.h>
#include <grpc/grpc.h>

#include "CGRPCShim.h"

struct fl_channel {
    grpc_channel *channel;          /* owned: grpc_channel_destroy */
    grpc_completion_queue *queue;   /* owned: shut down, drained, grpc_completion_queue_destroy */
};

struct fl_call {
    grpc_call *call;                /* owned: grpc_call_unref once every batch completed */
    grpc_slice method;              /* owned */
    grpc_metadata *metadata;        /* owned array; its key and value slices are owned */
    size_t metadata_count;
    grpc_metadata_array initial_metadata;  /* owned; filled by RECV_INITIAL_METADATA, slices the call's */
    grpc_metadata_array trailing_metadata; /* owned; filled by RECV_STATUS_ON_CLIENT, slices the call's */
    grpc_status_code status;
    grpc_slice status_details;      /* owned */
    const char *error_string;       /* owned (gpr_free); NULL unless gRPC set one */
    grpc_byte_buffer *send_buffer;  /* owned; the message of the latest SEND_MESSAGE, NULL if none */
    grpc_byte_buffer *receive_buffer; /* owned; set by RECV_MESSAGE, freed by fl_call_take_message */
};

#endif
