/*
 * CGRPCShim: the whole C surface GRPCTransport sees of the gRPC core (Debian libgrpc 1.51).
 *
 * Two opaque objects, each with a create/destroy pair: a channel (with its completion queue) and a call.
 * Every batch is built here; Swift passes bytes, strings and integer tags, never grpc types. A function
 * with `copy_` in its name returns memory the caller frees with free(). Completions come back from
 * fl_channel_next as the integer tag the batch was started with.
 *
 * Threading rule (the caller keeps it; GRPCTransport does so under one lock per channel):
 *  1. fl_channel_next is called by one thread at a time (the channel's poller), and fl_channel_destroy
 *     by that thread after fl_channel_next returned false.
 *  2. The batch-starting functions (fl_call_start_*, fl_call_send_message, fl_call_receive_message,
 *     fl_call_close_send) and fl_channel_shutdown are serialised with each other, and none of them is
 *     called after fl_channel_shutdown: a batch on a shut-down queue aborts inside gRPC.
 *  3. At most one send (fl_call_send_message) and one receive (fl_call_receive_message) are outstanding
 *     per call; fl_call_close_send only after the last send completed.
 *  4. fl_call_cancel is thread-safe and may be called at any time before fl_call_destroy.
 *  5. fl_call_destroy only after the tag of every batch started on the call came out of fl_channel_next.
 *  6. The result accessors (fl_call_message_length, fl_call_take_message, fl_call_status_code,
 *     fl_call_copy_status_message) only after the batch that fills them completed.
 *
 * Batch-starting functions return a grpc_call_error: FL_CALL_OK (0) when the batch started; any other
 * value is a broken rule above or invalid metadata (see fl_call_error_description).
 */
#ifndef CGRPCSHIM_H
#define CGRPCSHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A gRPC channel and its completion queue; created by fl_channel_create, freed by fl_channel_destroy. */
typedef struct fl_channel fl_channel;
/* One call on a channel; created by fl_call_create, freed by fl_call_destroy. */
typedef struct fl_call fl_call;

/* How the channel authenticates the server and the client. */
typedef enum fl_security {
    FL_SECURITY_PLAINTEXT = 0,      /* no TLS (the emulator) */
    FL_SECURITY_TLS = 1,            /* TLS, no call credentials */
    FL_SECURITY_GOOGLE_DEFAULT = 2, /* TLS + Application Default Credentials; gRPC's default roots */
    FL_SECURITY_ACCESS_TOKEN = 3,   /* TLS + "authorization: Bearer <access_token>" on every call */
} fl_security;

typedef struct fl_channel_options {
    fl_security security;
    const char *root_certificates_pem; /* reference; NULL: gRPC's default roots; TLS and ACCESS_TOKEN only */
    const char *access_token;          /* reference; ACCESS_TOKEN only */
    int keepalive_time_ms;             /* 0: no keepalive pings */
    int max_receive_message_length;    /* bytes; -1: unlimited */
    const char *user_agent;            /* reference; NULL: gRPC's own only */
} fl_channel_options;

/* Creates a channel to `target` ("host:port"); connects lazily. Strings are copied. NULL when the
   credentials cannot be created (no Application Default Credentials found). Calls grpc_init. */
fl_channel *fl_channel_create(const char *target, const fl_channel_options *options);
/* Shuts the completion queue down: no batch may start afterwards; outstanding ones still complete. */
void fl_channel_shutdown(fl_channel *channel);
/* Blocks until a batch completes (true, with its tag and success) or the queue is shut down and drained
   (false). The poller thread's loop. */
bool fl_channel_next(fl_channel *channel, intptr_t *tag, bool *ok);
/* Frees the channel and its queue (after fl_channel_next returned false). Calls grpc_shutdown. */
void fl_channel_destroy(fl_channel *channel);

/* Creates a call of `method` ("/package.Service/Method") with `count` metadata pairs (copied; keys
   lowercase) and a deadline `timeout_ms` from now, or none when negative. Starts nothing. NULL when gRPC
   refuses to create the call (the channel is shutting down). */
fl_call *fl_call_create(fl_channel *channel, const char *method, const char *const *keys,
                        const char *const *values, size_t count, int64_t timeout_ms);
/* A streaming call's first batch: sends the metadata and receives the server's metadata and the final
   status. `tag` completes when the call has ended. */
int fl_call_start_stream(fl_call *call, intptr_t tag);
/* A unary call in one batch: metadata, the request, half-close, the response and the status. */
int fl_call_start_unary(fl_call *call, const uint8_t *bytes, size_t length, intptr_t tag);
/* Sends one message (copied). */
int fl_call_send_message(fl_call *call, const uint8_t *bytes, size_t length, intptr_t tag);
/* Receives the next message; when `tag` completes, fl_call_message_length tells whether one came. */
int fl_call_receive_message(fl_call *call, intptr_t tag);
/* Half-closes: the client sends nothing more. */
int fl_call_close_send(fl_call *call, intptr_t tag);
/* Cancels the call; its status becomes CANCELLED unless it had ended. */
void fl_call_cancel(fl_call *call);

/* False when the last receive got no message (the server ended the stream or the call failed). */
bool fl_call_message_length(const fl_call *call, size_t *length);
/* Copies the received message into `out` (reference, `capacity` bytes) and frees it. False when there is
   no message or it is longer than `capacity`. */
bool fl_call_take_message(fl_call *call, uint8_t *out, size_t capacity);
/* The final status code (grpc_status_code numbers). */
int fl_call_status_code(const fl_call *call);
/* The final status message, NUL-terminated; the caller frees it with free(). NULL if out of memory. */
char *fl_call_copy_status_message(const fl_call *call);
/* Frees the call and everything its batches used. */
void fl_call_destroy(fl_call *call);

/* The success value of the batch-starting functions (GRPC_CALL_OK). */
#define FL_CALL_OK 0
/* gRPC's name for a grpc_call_error (static; never freed). */
const char *fl_call_error_description(int error);

#endif
