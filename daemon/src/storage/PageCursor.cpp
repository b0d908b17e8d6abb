#include "storage/PageCursor.hpp"

#include <Poco/Base64Decoder.h>
#include <Poco/Base64Encoder.h>
#include <Poco/Exception.h>
#include <Poco/NumberParser.h>

#include <iterator>
#include <sstream>

namespace lodestone::storage {
namespace {

constexpr int kBase64Url = Poco::BASE64_URL_ENCODING | Poco::BASE64_NO_PADDING;
constexpr std::size_t kLongestCursor = 200;

bool isIdCharacter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
}

}  // namespace

std::string pageCursor(const PageStart& last) {
    std::ostringstream out;
    Poco::Base64Encoder encoder(out, kBase64Url);
    encoder << last.createdAt << '.' << last.id;
    encoder.close();
    return out.str();
}

std::optional<PageStart> pageStartOf(const std::string& cursor) {
    if (cursor.empty() || cursor.size() > kLongestCursor) return std::nullopt;
    std::string text;
    try {
        std::istringstream in(cursor);
        Poco::Base64Decoder decoder(in, kBase64Url);
        text.assign(std::istreambuf_iterator<char>(decoder), std::istreambuf_iterator<char>());
    } catch (const Poco::Exception&) {
        return std::nullopt;
    }
    const auto dot = text.find('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == text.size()) return std::nullopt;
    PageStart start;
    if (!Poco::NumberParser::tryParse64(text.substr(0, dot), start.createdAt) ||
        start.createdAt < 0) {
        return std::nullopt;
    }
    start.id = text.substr(dot + 1);
    for (char c : start.id) {
        if (!isIdCharacter(c)) return std::nullopt;
    }
    return start;
}

}  // namespace lodestone::storage
