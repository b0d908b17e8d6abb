#include "storage/StorageError.hpp"
#include "storage/sql/Dialect.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {

void SqlIdempotency::insert(const IdempotencyRecord& record) {
    try {
        Query(statements_,
              "INSERT INTO idempotency_keys (api_key_id, idempotency_key, request_hash, "
              "status, response_json, created_at) VALUES (?, ?, ?, ?, ?, ?)")
            .bindAll(record.apiKeyId, record.key, record.requestHash, record.status,
                     record.responseJson, record.createdAt)
            .execute();
    } catch (const ConstraintViolation&) {
        throw Conflict("a response is already stored under this Idempotency-Key");
    }
}

void SqlIdempotency::takeTurn(const std::string& apiKeyId, const std::string& key) {
    takeTurns(statements_, TurnsOn::IdempotencyKey, apiKeyId + "\n" + key);
}

std::optional<IdempotencyRecord> SqlIdempotency::find(const std::string& apiKeyId,
                                                      const std::string& key, Timestamp notBefore) {
    Query query(statements_,
                "SELECT api_key_id, idempotency_key, request_hash, status, response_json, "
                "created_at FROM idempotency_keys "
                "WHERE api_key_id = ? AND idempotency_key = ? AND created_at >= ?");
    return query.bindAll(apiKeyId, key, notBefore).firstRow([](const Row& row) {
        return IdempotencyRecord{row.text("api_key_id"),    row.text("idempotency_key"),
                                 row.text("request_hash"),  static_cast<int>(row.integer("status")),
                                 row.text("response_json"), row.integer("created_at")};
    });
}

int SqlIdempotency::purgeOlderThan(Timestamp cutoff) {
    return Query(statements_, "DELETE FROM idempotency_keys WHERE created_at < ?")
        .bind(cutoff)
        .execute();
}

}  // namespace lodestone::storage::sql
