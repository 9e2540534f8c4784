/* SQLite 3 as installed by Debian's libsqlite3-dev. Only SQLiteStore imports it. */
#include <sqlite3.h>
