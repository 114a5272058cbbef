#ifndef FORECASTLY_CSQLITE_SHIM_H
#define FORECASTLY_CSQLITE_SHIM_H

#if __has_include(<sqlite3.h>)
#include <sqlite3.h>
#else
#error "forecastly needs SQLite's headers: install libsqlite3-dev (sudo apt-get install libsqlite3-dev)"
#endif

/// Keeps the write-ahead log when the connection closes instead of copying it
/// into the database first. sqlite3_db_config is variadic, which Swift cannot
/// call. Returns an SQLite result code.
static inline int forecastly_sqlite3_keep_wal_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
