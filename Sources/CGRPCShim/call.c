/* fl_call: one call, its metadata, the buffers of its batches and its final status. */
#include <stdlib.h>
#include <string.h>

#include <grpc/byte_buffer_reader.h>
#include <grpc/support/alloc.h>
#include <grpc/support/time.h>

#include "internal.h"

_Static_assert(FL_CALL_OK == GRPC_CALL_OK, "FL_CALL_OK mirrors GRPC_CALL_OK");

fl_call *fl_call_create(fl_channel *channel, const char *method, const char *const *keys,
                        const char *const *values, size_t count, int64_t timeout_ms) {
    fl_call *call = gpr_zalloc(sizeof *call);
    call->method = grpc_slice_from_copied_string(method);
    call->metadata = gpr_zalloc(count * sizeof *call->metadata);
    call->metadata_count = count;
    for (size_t i = 0; i < count; i++) {
        call->metadata[i].key = grpc_slice_from_copied_string(keys[i]);
        call->metadata[i].value = grpc_slice_from_copied_string(values[i]);
    }
    grpc_metadata_array_init(&call->initial_metadata);
    grpc_metadata_array_init(&call->trailing_metadata);
    call->status_details = grpc_empty_slice();

    gpr_timespec deadline = gpr_inf_future(GPR_CLOCK_REALTIME);
    if (timeout_ms >= 0) {
        deadline = gpr_time_add(gpr_now(GPR_CLOCK_MONOTONIC), gpr_time_from_millis(timeout_ms, GPR_TIMESPAN));
    }
    call->call = grpc_channel_create_call(channel->channel, NULL, GRPC_PROPAGATE_DEFAULTS, channel->queue,
                                          call->method, NULL, deadline, NULL);
    if (call->call == NULL) {
        /* gRPC refused the call (a channel that is shutting down): nothing was started, free it all. */
        fl_call_destroy(call);
        return NULL;
    }
    return call;
}

static grpc_op op_send_initial_metadata(fl_call *call) {
    grpc_op op;
    memset(&op, 0, sizeof op);
    op.op = GRPC_OP_SEND_INITIAL_METADATA;
    op.data.send_initial_metadata.count = call->metadata_count;
    op.data.send_initial_metadata.metadata = call->metadata;
    return op;
}

static grpc_op op_receive_initial_metadata(fl_call *call) {
    grpc_op op;
    memset(&op, 0, sizeof op);
    op.op = GRPC_OP_RECV_INITIAL_METADATA;
    op.data.recv_initial_metadata.recv_initial_metadata = &call->initial_metadata;
    return op;
}

static grpc_op op_receive_status(fl_call *call) {
    grpc_op op;
    memset(&op, 0, sizeof op);
    op.op = GRPC_OP_RECV_STATUS_ON_CLIENT;
    op.data.recv_status_on_client.trailing_metadata = &call->trailing_metadata;
    op.data.recv_status_on_client.status = &call->status;
    op.data.recv_status_on_client.status_details = &call->status_details;
    op.data.recv_status_on_client.error_string = &call->error_string;
    return op;
}

/* Replaces the call's send buffer by a copy of `bytes`; the previous send has completed (rule 3). */
static grpc_op op_send_message(fl_call *call, const uint8_t *bytes, size_t length) {
    if (call->send_buffer != NULL) {
        grpc_byte_buffer_destroy(call->send_buffer);
    }
    grpc_slice slice = length > 0 ? grpc_slice_from_copied_buffer((const char *)bytes, length) : grpc_empty_slice();
    call->send_buffer = grpc_raw_byte_buffer_create(&slice, 1);
    grpc_slice_unref(slice);
    grpc_op op;
    memset(&op, 0, sizeof op);
    op.op = GRPC_OP_SEND_MESSAGE;
    op.data.send_message.send_message = call->send_buffer;
    return op;
}

/* Frees a received message nobody took, then points RECV_MESSAGE at the call's receive buffer. */
static grpc_op op_receive_message(fl_call *call) {
    if (call->receive_buffer != NULL) {
        grpc_byte_buffer_destroy(call->receive_buffer);
        call->receive_buffer = NULL;
    }
    grpc_op op;
    memset(&op, 0, sizeof op);
    op.op = GRPC_OP_RECV_MESSAGE;
    op.data.recv_message.recv_message = &call->receive_buffer;
    return op;
}

static grpc_op op_close_send(void) {
    grpc_op op;
    memset(&op, 0, sizeof op);
    op.op = GRPC_OP_SEND_CLOSE_FROM_CLIENT;
    return op;
}

static int start(fl_call *call, const grpc_op *ops, size_t count, intptr_t tag) {
    return grpc_call_start_batch(call->call, ops, count, (void *)tag, NULL);
}

int fl_call_start_stream(fl_call *call, intptr_t tag) {
    grpc_op ops[] = {op_send_initial_metadata(call), op_receive_initial_metadata(call), op_receive_status(call)};
    return start(call, ops, sizeof ops / sizeof ops[0], tag);
}

int fl_call_start_unary(fl_call *call, const uint8_t *bytes, size_t length, intptr_t tag) {
    grpc_op ops[] = {
        op_send_initial_metadata(call), op_send_message(call, bytes, length), op_close_send(),
        op_receive_initial_metadata(call), op_receive_message(call), op_receive_status(call),
    };
    return start(call, ops, sizeof ops / sizeof ops[0], tag);
}

int fl_call_send_message(fl_call *call, const uint8_t *bytes, size_t length, intptr_t tag) {
    grpc_op op = op_send_message(call, bytes, length);
    return start(call, &op, 1, tag);
}

int fl_call_receive_message(fl_call *call, intptr_t tag) {
    grpc_op op = op_receive_message(call);
    return start(call, &op, 1, tag);
}

int fl_call_close_send(fl_call *call, intptr_t tag) {
    grpc_op op = op_close_send();
    return start(call, &op, 1, tag);
}

void fl_call_cancel(fl_call *call) {
    grpc_call_cancel(call->call, NULL);
}

bool fl_call_message_length(const fl_call *call, size_t *length) {
    if (call->receive_buffer == NULL) {
        return false;
    }
    *length = grpc_byte_buffer_length(call->receive_buffer);
    return true;
}

bool fl_call_take_message(fl_call *call, uint8_t *out, size_t capacity) {
    grpc_byte_buffer *buffer = call->receive_buffer; /* owned from here on */
    if (buffer == NULL || grpc_byte_buffer_length(buffer) > capacity) {
        return false;
    }
    call->receive_buffer = NULL;
    grpc_byte_buffer_reader reader;
    bool read = grpc_byte_buffer_reader_init(&reader, buffer) != 0;
    if (read) {
        size_t offset = 0;
        grpc_slice slice;
        while (grpc_byte_buffer_reader_next(&reader, &slice) != 0) {
            size_t length = GRPC_SLICE_LENGTH(slice);
            if (length > 0) {
                memcpy(out + offset, GRPC_SLICE_START_PTR(slice), length);
                offset += length;
            }
            grpc_slice_unref(slice);
        }
        grpc_byte_buffer_reader_destroy(&reader);
    }
    grpc_byte_buffer_destroy(buffer);
    return read;
}

int fl_call_status_code(const fl_call *call) {
    return (int)call->status;
}

char *fl_call_copy_status_message(const fl_call *call) {
    size_t length = GRPC_SLICE_LENGTH(call->status_details);
    char *message = malloc(length + 1); /* owned by the caller */
    if (message != NULL) {
        if (length > 0) {
            memcpy(message, GRPC_SLICE_START_PTR(call->status_details), length);
        }
        message[length] = '\0';
    }
    return message;
}

void fl_call_destroy(fl_call *call) {
    if (call->call != NULL) {
        grpc_call_unref(call->call);
    }
    grpc_slice_unref(call->method);
    for (size_t i = 0; i < call->metadata_count; i++) {
        grpc_slice_unref(call->metadata[i].key);
        grpc_slice_unref(call->metadata[i].value);
    }
    gpr_free(call->metadata);
    grpc_metadata_array_destroy(&call->initial_metadata);
    grpc_metadata_array_destroy(&call->trailing_metadata);
    grpc_slice_unref(call->status_details);
    gpr_free((void *)call->error_string);
    if (call->send_buffer != NULL) {
        grpc_byte_buffer_destroy(call->send_buffer);
    }
    if (call->receive_buffer != NULL) {
        grpc_byte_buffer_destroy(call->receive_buffer);
    }
    gpr_free(call);
}

const char *fl_call_error_description(int error) {
    return grpc_call_error_to_string((grpc_call_error)error);
}
