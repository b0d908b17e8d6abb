#include "storage/sqlite/Sql.hpp"

#include <Poco/Data/SQLite/SQLiteException.h>
#include <Poco/Data/SQLite/Utility.h>
#include <sqlite3.h>

namespace lodestone::storage::sqlite {

using namespace Poco::Data::Keywords;

void execute(Poco::Data::Session& session, const std::string& sql) {
    session << sql, now;
}

void executeControl(Poco::Data::Session& session, const char* sql) {
    sqlite3* db = Poco::Data::SQLite::Utility::dbHandle(session);
    char* message = nullptr;
    int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
    std::string text = message ? message : "";
    sqlite3_free(message);
    // The same exception types Poco raises (a locked database is DBLockedException, …).
    if (rc != SQLITE_OK) Poco::Data::SQLite::Utility::throwException(db, rc, text);
}

std::string Row::text(const std::string& column) const {
    return rows_.value(column).convert<std::string>();
}

std::int64_t Row::integer(const std::string& column) const {
    return rows_.value(column).convert<Poco::Int64>();
}

bool isConstraintViolation(const Poco::Exception& e) {
    return dynamic_cast<const Poco::Data::SQLite::ConstraintViolationException*>(&e) != nullptr;
}

}  // namespace lodestone::storage::sqlite
