#include "storage/sql/Statements.hpp"

namespace lodestone::storage::sql {
namespace {

Statement& take(Statements& statements, std::string_view sql, std::unique_ptr<Statement>& own) {
    auto& kept = statements.kept(sql);
    if (!kept.inUse) return kept;
    own = statements.compile(sql);
    return *own;
}

}  // namespace

std::string Row::text(std::string_view column) const {
    return statement_.text(statement_.column(column));
}

std::optional<std::string> Row::optionalText(std::string_view column) const {
    const int i = statement_.column(column);
    if (statement_.isNull(i)) return std::nullopt;
    return statement_.text(i);
}

std::int64_t Row::integer(std::string_view column) const {
    return statement_.integer(statement_.column(column));
}

std::optional<std::int64_t> Row::optionalInteger(std::string_view column) const {
    const int i = statement_.column(column);
    if (statement_.isNull(i)) return std::nullopt;
    return statement_.integer(i);
}

double Row::number(std::string_view column) const {
    return statement_.number(statement_.column(column));
}

Query::Query(Statements& statements, std::string_view sql)
    : statement_(take(statements, sql, own_)) {
    statement_.inUse = true;
}

Query::~Query() {
    statement_.reset();
    statement_.inUse = false;
}

Query& Query::bind(std::string_view value) {
    statement_.bindText(value);
    return *this;
}

Query& Query::bind(std::int64_t value) {
    statement_.bindInteger(value);
    return *this;
}

Query& Query::bind(const std::optional<std::string>& value) {
    if (value) return bind(std::string_view(*value));
    statement_.bindNull();
    return *this;
}

Query& Query::bind(const std::optional<std::int64_t>& value) {
    if (value) return bind(*value);
    statement_.bindNull();
    return *this;
}

}  // namespace lodestone::storage::sql
