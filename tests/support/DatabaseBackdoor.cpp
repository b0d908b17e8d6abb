#include "support/DatabaseBackdoor.hpp"

#include <Poco/Data/SQLite/Connector.h>

namespace lodestone::test {

using Poco::Data::Keywords::into;
using Poco::Data::Keywords::now;

std::int64_t DatabaseBackdoor::count(const std::string& query) const {
    auto session = open();
    std::int64_t n = 0;
    session << query, into(n), now;
    return n;
}

std::string DatabaseBackdoor::text(const std::string& query) const {
    auto session = open();
    std::string value;
    session << query, into(value), now;
    return value;
}

void DatabaseBackdoor::execute(const std::string& statement) const {
    auto session = open();
    session << statement, now;
}

Poco::Data::Session DatabaseBackdoor::open() const {
    Poco::Data::SQLite::Connector::registerConnector();
    Poco::Data::Session session("SQLite", file_.string());
    session << "PRAGMA busy_timeout=5000", now;
    return session;
}

DatabaseBackdoor::WriteLock::WriteLock(Poco::Data::Session session) : session_(std::move(session)) {
    session_ << "BEGIN IMMEDIATE", now;
}

DatabaseBackdoor::WriteLock::~WriteLock() {
    try {
        session_ << "COMMIT", now;
    } catch (...) {
        // Closing the connection rolls back what is left of the transaction, which wrote nothing.
    }
}

}  // namespace lodestone::test
