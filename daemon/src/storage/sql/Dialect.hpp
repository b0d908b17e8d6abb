#pragma once

#include <string>

#include "storage/sql/Statements.hpp"

// The few places where SQLite's SQL and PostgreSQL's differ, so that each statement is still
// written once. Everything else the repositories write is SQL both databases read alike.
namespace lodestone::storage::sql {

// A statement's text for `dialect`, built once per database by `build(dialect)`. Each call site
// (each lambda) keeps its own two texts, so a kept statement is still found without building.
template <typename Build>
const std::string& perDialect(Dialect dialect, Build build) {
    static const std::string texts[] = {build(Dialect::Sqlite), build(Dialect::Postgresql)};
    return texts[dialect == Dialect::Sqlite ? 0 : 1];
}

// SQLite's hint to scan a partial index (its planner would not choose it by itself); PostgreSQL
// plans by statistics and has no such hint.
inline std::string indexedBy(Dialect dialect, const std::string& index) {
    return dialect == Dialect::Sqlite ? " INDEXED BY " + index : "";
}

// The values of `column` in a group joined by commas.
inline std::string joinedByCommas(Dialect dialect, const std::string& column) {
    return (dialect == Dialect::Sqlite ? "group_concat(" : "string_agg(") + column + ", ',')";
}

// The larger of two values (SQLite's two-argument max, PostgreSQL's GREATEST).
inline std::string larger(Dialect dialect, const std::string& a, const std::string& b) {
    return (dialect == Dialect::Sqlite ? "MAX(" : "GREATEST(") + a + ", " + b + ")";
}

// What transactions take turns on (takeTurns); each kind its own space of advisory locks.
enum class TurnsOn { SendingDay = 0, RateLimitBucket = 1, IdempotencyKey = 2 };

// The rest of this transaction and those of other hosts holding `key` of `kind` take turns:
// PostgreSQL's transaction advisory lock, held to commit or rollback, so what is read after it is
// what the last holder committed. Nothing on SQLite, whose one writer at a time takes turns
// already.
inline void takeTurns(Statements& statements, TurnsOn kind, const std::string& key) {
    if (statements.dialect() != Dialect::Postgresql) return;
    Query(statements, "SELECT pg_advisory_xact_lock(hashtextextended(?, ?))")
        .bindAll(key, static_cast<int>(kind))
        .forEachRow([](const Row&) {});
}

// `FOR UPDATE SKIP LOCKED` where a claim's rows are chosen: on PostgreSQL, hosts claiming at once
// each take rows the others have not locked, instead of queueing behind them. SQLite has one
// writer at a time and no row locks.
// `table` names the one table to lock when the query reads others too.
inline std::string skipLocked(Dialect dialect, const std::string& table = "") {
    if (dialect == Dialect::Sqlite) return "";
    return table.empty() ? " FOR UPDATE SKIP LOCKED" : " FOR UPDATE OF " + table + " SKIP LOCKED";
}

}  // namespace lodestone::storage::sql
