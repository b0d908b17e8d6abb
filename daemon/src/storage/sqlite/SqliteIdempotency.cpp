#include "storage/StorageError.hpp"
#include "storage/sqlite/Sql.hpp"
#include "storage/sqlite/SqliteRepositories.hpp"

namespace lodestone::storage::sqlite {

void SqliteIdempotency::insert(const IdempotencyRecord& record) {
    Poco::Data::Statement statement(session_);
    statement << "INSERT INTO idempotency_keys (api_key_id, idempotency_key, request_hash, "
                 "status, response_json, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        bind(record.apiKeyId), bind(record.key), bind(record.requestHash), bind(record.status),
        bind(record.responseJson), bind(record.createdAt);
    try {
        statement.execute();
    } catch (const Poco::Exception& e) {
        if (!isConstraintViolation(e)) throw;
        throw Conflict("a response is already stored under this Idempotency-Key");
    }
}

std::optional<IdempotencyRecord> SqliteIdempotency::find(const std::string& apiKeyId,
                                                         const std::string& key,
                                                         Timestamp notBefore) {
    Poco::Data::Statement statement(session_);
    statement << "SELECT api_key_id, idempotency_key, request_hash, status, response_json, "
                 "created_at FROM idempotency_keys "
                 "WHERE api_key_id = ? AND idempotency_key = ? AND created_at >= ?",
        bind(apiKeyId), bind(key), bind(notBefore);
    return firstRow(statement, [](const Row& row) {
        return IdempotencyRecord{row.text("api_key_id"),    row.text("idempotency_key"),
                                 row.text("request_hash"),  static_cast<int>(row.integer("status")),
                                 row.text("response_json"), row.integer("created_at")};
    });
}

int SqliteIdempotency::purgeOlderThan(Timestamp cutoff) {
    Poco::Data::Statement statement(session_);
    statement << "DELETE FROM idempotency_keys WHERE created_at < ?", bind(cutoff);
    return static_cast<int>(statement.execute());
}

}  // namespace lodestone::storage::sqlite
