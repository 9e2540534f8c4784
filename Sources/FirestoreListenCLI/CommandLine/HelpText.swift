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
