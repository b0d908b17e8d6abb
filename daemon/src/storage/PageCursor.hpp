#pragma once

#include <optional>
#include <string>
#include <vector>

#include "storage/PageRequest.hpp"

namespace lodestone::storage {

// How many rows a page of a listing holds when its client says nothing, and at most: the API's
// `limit` and lodestonectl's --limit (docs/api.md, Lists).
constexpr int kDefaultPageSize = 50;
constexpr int kMaxPageSize = 200;

// The text a listing gives for where its next page starts (the API's `nextCursor`,
// lodestonectl's --cursor), and back. Opaque to its users: base64url of the last row's creation
// time and id. Nothing when the text is not one this gave out.
std::string pageCursor(const PageStart& last);
std::optional<PageStart> pageStartOf(const std::string& cursor);

// Cuts `rows` (read with a limit one more than the page holds) to the page and says where the next
// one starts: nothing when this is the last. `positionOf` gives a row's creation time and id.
template <typename Row, typename PositionOf>
std::optional<std::string> endOfPage(std::vector<Row>& rows, const PageRequest& asked,
                                     PositionOf positionOf) {
    const auto pageSize = static_cast<std::size_t>(asked.limit - 1);
    if (rows.size() <= pageSize) return std::nullopt;
    rows.resize(pageSize);
    return pageCursor(positionOf(rows.back()));
}

template <typename Row>
std::optional<std::string> endOfPage(std::vector<Row>& rows, const PageRequest& asked) {
    return endOfPage(rows, asked, [](const Row& row) { return PageStart{row.createdAt, row.id}; });
}

}  // namespace lodestone::storage
