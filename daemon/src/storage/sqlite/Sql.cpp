#include "storage/sqlite/Sql.hpp"

#include <Poco/Data/SQLite/SQLiteException.h>

namespace lodestone::storage::sqlite {

using namespace Poco::Data::Keywords;

void execute(Poco::Data::Session& session, const std::string& sql) {
    session << sql, now;
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
