#pragma once

#include <Poco/Data/RecordSet.h>
#include <Poco/Data/Session.h>
#include <Poco/Data/Statement.h>

#include <cstdint>
#include <optional>
#include <string>

// Small helpers over Poco::Data for what still runs on it: opening connections and migrations
// (repositories and transaction control use the kept statements of Prepared.hpp). Values are always
// bound (Poco's `bind` copies them), never spliced into SQL text.
namespace lodestone::storage::sqlite {

using Poco::Data::Keywords::bind;

void execute(Poco::Data::Session& session, const std::string& sql);

// The current row of a RecordSet, read by column name.
class Row {
  public:
    explicit Row(Poco::Data::RecordSet& rows) : rows_(rows) {}
    std::string text(const std::string& column) const;
    std::int64_t integer(const std::string& column) const;

  private:
    Poco::Data::RecordSet& rows_;
};

// Runs the statement and maps its first row, if any.
template <typename Map>
auto firstRow(Poco::Data::Statement& statement, Map&& map)
    -> std::optional<decltype(map(std::declval<Row>()))> {
    statement.execute();
    Poco::Data::RecordSet rows(statement);
    if (!rows.moveFirst()) return std::nullopt;
    return map(Row(rows));
}

// True when an exception (Poco::Data's, or Prepared.hpp's, which raises the same types) is
// SQLite refusing a UNIQUE/CHECK/FOREIGN KEY constraint.
bool isConstraintViolation(const Poco::Exception& e);

}  // namespace lodestone::storage::sqlite
