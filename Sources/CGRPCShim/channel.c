/* fl_channel: a gRPC channel with its credentials, arguments and completion queue. */
#include <grpc/grpc_security.h>
#include <grpc/support/alloc.h>
#include <grpc/support/time.h>

#include "internal.h"

/* New channel credentials (owned by the caller) for `options`, or NULL when gRPC cannot make them. */
static grpc_channel_credentials *create_credentials(const fl_channel_options *options) {
    switch (options->security) {
    case FL_SECURITY_PLAINTEXT:
        return grpc_insecure_credentials_create();
    case FL_SECURITY_TLS:
        return grpc_ssl_credentials_create(options->root_certificates_pem, NULL, NULL, NULL);
    case FL_SECURITY_GOOGLE_DEFAULT:
        return grpc_google_default_credentials_create(NULL);
    case FL_SECURITY_ACCESS_TOKEN: {
        grpc_channel_credentials *tls =  /* owned until the composite holds it */
            grpc_ssl_credentials_create(options->root_certificates_pem, NULL, NULL, NULL);
        grpc_call_credentials *token =   /* owned until the composite holds it */
            grpc_access_token_credentials_create(options->access_token, NULL);
        grpc_channel_credentials *composite = grpc_composite_channel_credentials_create(tls, token, NULL);
        grpc_call_credentials_release(token);
        grpc_channel_credentials_release(tls);
        return composite;
    }
    }
    return NULL;
}

static grpc_arg integer_arg(const char *key, int value) {
    grpc_arg arg;
    arg.type = GRPC_ARG_INTEGER;
    arg.key = (char *)key;
    arg.value.integer = value;
    return arg;
}

fl_channel *fl_channel_create(const char *target, const fl_channel_options *options) {
    grpc_init();
    grpc_channel_credentials *credentials = create_credentials(options); /* owned */
    if (credentials == NULL) {
        grpc_shutdown();
        return NULL;
    }
    grpc_arg args[4];
    size_t count = 0;
    /* Each channel its own connections: a channel made to replace one whose connection died silently (a
       blackholing proxy) must not be handed that same connection from gRPC's process-wide pool. */
    args[count++] = integer_arg(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    if (options->keepalive_time_ms > 0) {
        args[count++] = integer_arg(GRPC_ARG_KEEPALIVE_TIME_MS, options->keepalive_time_ms);
    }
    args[count++] = integer_arg(GRPC_ARG_MAX_RECEIVE_MESSAGE_LENGTH, options->max_receive_message_length);
    if (options->user_agent != NULL) {
        args[count].type = GRPC_ARG_STRING;
        args[count].key = GRPC_ARG_PRIMARY_USER_AGENT_STRING;
        args[count].value.string = (char *)options->user_agent;
        count++;
    }
    grpc_channel_args channel_args = {count, args};

    fl_channel *channel = gpr_zalloc(sizeof *channel);
    channel->channel = grpc_channel_create(target, credentials, &channel_args);
    grpc_channel_credentials_release(credentials);
    channel->queue = grpc_completion_queue_create_for_next(NULL);
    return channel;
}

void fl_channel_shutdown(fl_channel *channel) {
    grpc_completion_queue_shutdown(channel->queue);
}

bool fl_channel_next(fl_channel *channel, intptr_t *tag, bool *ok) {
    for (;;) {
        grpc_event event = grpc_completion_queue_next(channel->queue, gpr_inf_future(GPR_CLOCK_REALTIME), NULL);
        switch (event.type) {
        case GRPC_OP_COMPLETE:
            *tag = (intptr_t)event.tag;
            *ok = event.success != 0;
            return true;
        case GRPC_QUEUE_SHUTDOWN:
            return false;
        case GRPC_QUEUE_TIMEOUT:
            break; /* an infinite deadline does not time out; wait again if it ever does */
        }
    }
}

void fl_channel_destroy(fl_channel *channel) {
    grpc_channel_destroy(channel->channel);
    grpc_completion_queue_destroy(channel->queue);
    gpr_free(channel);
    grpc_shutdown();
}
