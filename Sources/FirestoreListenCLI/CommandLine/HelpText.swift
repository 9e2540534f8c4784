/// The `--help` screens, in swift-argument-parser's layout (OVERVIEW, USAGE, ARGUMENTS, OPTIONS).
enum HelpText {
    static let connection = """
          --host <host:port>      Firestore endpoint (default: $FIRESTORE_EMULATOR_HOST, else
                                  firestore.googleapis.com:443).
          --project <id>          Project (default: $GOOGLE_CLOUD_PROJECT, else the credentials' project):
                                  lowercase letters, digits and '-', after an optional 'domain:'.
          --database <id>         Database: (default), or a lowercase letter, then lowercase letters, digits
                                  and '-' (default: (default)).
          --emulator              The host is a Firestore emulator: plaintext, 'Bearer owner'.
          --insecure              Plaintext to a host that is not an emulator.
          --ca-file <pem>         Trust the CA certificates in this PEM file instead of the system's.
          --access-token-file <file>
                                  Send the OAuth2 access token in this file (instead of Application
                                  Default Credentials).
          -h, --help              Show help information.
        """

    static let overview = """
        OVERVIEW: Listen to Google Cloud Firestore in real time, and confirm documents.

        USAGE: firestore-listen <subcommand>

        OPTIONS:
          -h, --help              Show help information.

        SUBCOMMANDS:
          watch                   Listen to a query or a document and print every change.
          confirm                 Set fields of a document in one guarded Commit.
          work                    Run a command for each document of a query, and confirm it.

          See 'firestore-listen help <subcommand>' for detailed help.
        """

    static let watch = """
        OVERVIEW: Listen to a query or a document and print every change.

        USAGE: firestore-listen watch <collection-path> [--where 'FIELD OP VALUE']... [--order-by FIELD [desc]]...
                                      [--limit <n>] [--json] [--include-docs] [--skip-initial] [--state <file>]
                                      [--max-events <n>] [--once] [--max-retry-time <duration>] [--exec <command>]
               firestore-listen watch --document <document-path> ...
               firestore-listen watch --collection-group <id> ...

        ARGUMENTS:
          <collection-path>       A collection relative to the database root: 'queue', 'rooms/r1/messages'.

        OPTIONS:
          --document <path>       Listen to one document instead.
          --collection-group <id> Listen to every collection with this id.
          --where <FIELD OP VALUE>
                                  A filter; OP is ==, !=, <, <=, >, >=, in, not-in, array-contains or
                                  array-contains-any; VALUE is JSON or a bare string (but what starts
                                  with {, [ or " must be JSON). Repeat to AND them.
          --order-by <field> [desc]
                                  Order the results. Repeat for more fields.
          --limit <n>             At most n documents.
          --json                  One JSON event per line on standard output.
          --include-docs          Snapshots also carry every document of the result ("docs").
          --skip-initial          Do not print the first snapshot, only what changes afterwards.
          --state <file>          Keep the resume token and the last documents in this file, and report on
                                  start exactly what changed while the listener was stopped.
          --reset-state           Start the --state file afresh (needed when the query changed).
          --max-events <n>        Stop after n snapshots have been printed.
          --once                  Print the first consistent snapshot and exit (so not with --skip-initial).
          --max-retry-time <duration>
                                  Give up after this long without a healthy stream (90s, 10m, 1h, 500ms;
                                  positive and at most 2^63 ms; default: retry for ever).
          --exec <command>        Run the command once per change, with the change as JSON on its input
                                  (its output goes to standard error).
          --raw                   Print every decoded server message (a debugging view).
        \(connection)
        """

    static let confirm = """
        OVERVIEW: Set fields of a document in one guarded Commit.

        USAGE: firestore-listen confirm <document-path> [--set FIELD=VALUE]... [--if-update-time <time>]
                                        [--server-time <field>]

        ARGUMENTS:
          <document-path>         A document relative to the database root: 'queue/t1'.

        OPTIONS:
          --set <FIELD=VALUE>     Set a field; VALUE is JSON or a bare string (but what starts with {, [
                                  or " must be JSON). Default: status=completed, when no --set is given.
          --if-update-time <time> Only if the document still has this update time (RFC 3339); else
                                  FAILED_PRECONDITION and nothing changes.
          --server-time <field>   Also set this field to the server's time (not status or inside it
                                  without a --set: the default sets status).

        An interrupted confirm (SIGINT, SIGTERM) or one without an answer in time exits 1: the write may or
        may not have happened. It reads the document back, for 3 s at most, and says what it found.
        \(connection)
        """
}

extension HelpText {
    static let work = """
        OVERVIEW: Run a command for each document of a query, and confirm it.

        Every document of the query (those waiting at start in query order, then changes as they come) is
        given to COMMAND (run by /bin/sh -c) as JSON on its standard input, with FIRESTORE_DOC_ID,
        FIRESTORE_DOC_PATH and FIRESTORE_UPDATE_TIME in its environment; its output goes to standard
        error. When it exits 0 the document is confirmed (the write of 'confirm') in one Commit guarded by
        the update time it processed: a document changed meanwhile is not confirmed, and its new version
        is processed again if it still matches. Let the query leave out confirmed documents.

        USAGE: firestore-listen work <collection-path> --exec <command> [--where 'FIELD OP VALUE']...
                                     [--order-by FIELD [desc]]... [--set FIELD=VALUE]... [--server-time <field>]
                                     [--claim <worker-id>] [--claim-timeout <duration>] [--claim-fields <by,at>]
                                     [--max-attempts <n>] [--on-failure FIELD=VALUE]... [--concurrency <n>]
                                     [--exec-timeout <duration>] [--state <file>] [--json]

        ARGUMENTS:
          <collection-path>       A collection relative to the database root: 'queue', 'rooms/r1/orders'.

        OPTIONS:
          --exec <command>        The command to run for each document.
          --where <FIELD OP VALUE>
                                  A filter, as for watch. Repeat to AND them.
          --order-by <field> [desc]
                                  The order of the documents waiting at start. Repeat for more fields.
          --set <FIELD=VALUE>     A field the confirm sets (default: status=completed, when no --set is
                                  given).
          --server-time <field>   The confirm also sets this field to the server's time.
          --claim <worker-id>     Claim each document before running the command (claimedBy = the id,
                                  claimedAt = the server's time, one guarded Commit), so that several
                                  workers can share the query; the others skip a claimed document.
          --claim-timeout <duration>
                                  A claim older than this (by the server's clock) is stale, and another
                                  worker takes the document over (default: 5m).
          --claim-fields <by,at>  The claim's two fields (default: claimedBy,claimedAt); the confirm
                                  removes them.
          --max-attempts <n>      Runs of a failing command (non-zero, killed, past --exec-timeout) before
                                  the worker gives up on the document, 1 s, 2 s, 4 s… apart (default: 3).
          --on-failure <FIELD=VALUE>
                                  A field written when the worker gives up (default: none; the claim is
                                  released and the document left as it is).
          --concurrency <n>       Commands at once (default: 1); one document never runs twice at once.
          --exec-timeout <duration>
                                  Kill a command that runs longer (a failed attempt).
          --state <file>          Keep the resume token in this file; documents claimed by this worker
                                  id and not confirmed are taken up again on restart.
          --reset-state           Start the --state file afresh.
          --json                  One JSON event per line: claimed, processed, confirmed, skipped,
                                  failed, released, and a summary when stopped.
        \(connection)

        SIGINT and SIGTERM stop taking documents, let the running commands finish (up to --exec-timeout),
        print the summary and exit 0.

        EXAMPLES:
          firestore-listen work orders --where 'status == "pending"' --exec 'lp -d counter' --json
          firestore-listen work orders --where status==pending --claim "$(hostname)" --claim-timeout 2m \\
              --exec 'curl -fsS -d @- https://example.com/hook' --server-time completedAt --set status=done \\
              --on-failure status=failed --concurrency 4
        """
}
