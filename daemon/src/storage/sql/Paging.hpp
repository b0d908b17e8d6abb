#pragma once

#include <string>
#include <string_view>

#include "storage/PageRequest.hpp"
#include "storage/sql/Statements.hpp"

// A listing's page in SQL (PageRequest.hpp, PageStart: newest first, by creation time then id).
// The page's condition goes last in the WHERE and the order and limit after it, so its values
// are bound after the listing's own filters.
namespace lodestone::storage::sql {

// Builds a WHERE clause from the conditions a listing was given, in the order they are bound.
class Conditions {
  public:
    Conditions& add(const std::string& condition) {
        text_ += (text_.empty() ? " WHERE " : " AND ") + condition;
        return *this;
    }
    // Adds the condition that starts the page after its start, if it has one.
    Conditions& startOf(const PageRequest& page) {
        if (page.after) add("(created_at < ? OR (created_at = ? AND id < ?))");
        return *this;
    }
    const std::string& text() const { return text_; }

  private:
    std::string text_;
};

inline constexpr const char* kNewestFirst = " ORDER BY created_at DESC, id DESC LIMIT ?";

// `text` matched as it is by `LIKE ? ESCAPE '\'`: its %, _ and \ taken literally.
inline std::string likeLiteral(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '%' || c == '_' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

// Binds the page's start (when it has one) and its limit, after the listing's own values.
inline void bindPage(Query& query, const PageRequest& page) {
    if (page.after) query.bindAll(page.after->createdAt, page.after->createdAt, page.after->id);
    query.bind(page.limit);
}

}  // namespace lodestone::storage::sql
