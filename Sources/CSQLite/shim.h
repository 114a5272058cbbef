#ifndef FORECASTLY_CSQLITE_SHIM_H
#define FORECASTLY_CSQLITE_SHIM_H

#include <sqlite3.h>

/// Keeps the write-ahead log when the connection closes instead of copying it
/// into the database first. sqlite3_db_config is variadic, which Swift cannot
/// call. Returns an SQLite result code.
static inline int forecastly_sqlite3_keep_wal_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
