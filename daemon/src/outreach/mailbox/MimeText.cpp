#include "outreach/mailbox/MimeText.hpp"

#include <Poco/Net/MessageHeader.h>
#include <Poco/Net/NameValueCollection.h>
#include <Poco/String.h>

#include <algorithm>

namespace lodestone::outreach::mime {
namespace {

bool isBlank(char c) {
    return c == ' ' || c == '\t';
}

// The line starting at `pos` without its line break; moves `pos` past the break.
std::string_view nextLine(std::string_view text, std::size_t& pos) {
    std::size_t end = text.find('\n', pos);
    std::string_view line =
        text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
    pos = end == std::string_view::npos ? text.size() : end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

bool isFieldName(std::string_view name) {
    if (name.empty()) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        auto byte = static_cast<unsigned char>(c);
        return byte > 32 && byte < 127;  // RFC 5322 ftext: printable ASCII but ':'
    });
}

// Reads fields from `pos` up to an empty line (consumed) or the end; returns them and leaves
// `pos` after the empty line.
Headers readFields(std::string_view text, std::size_t& pos) {
    Headers headers;
    bool continuing = false;  // the last line started a field we kept, so a folded line extends it
    std::string name, value;
    auto keep = [&] {
        if (continuing && headers.fields().size() < kMaxHeaderFields) {
            headers.add(std::move(name), std::string(trimmed(value)));
        }
        continuing = false;
        name.clear();
        value.clear();
    };
    while (pos < text.size()) {
        std::string_view line = nextLine(text, pos);
        if (line.empty()) break;
        if (isBlank(line.front())) {
            if (continuing && value.size() + line.size() <= kMaxFieldValueBytes) value += line;
            continue;
        }
        keep();
        std::size_t colon = line.find(':');
        if (colon == std::string_view::npos) continue;
        std::string_view fieldName = trimmed(line.substr(0, colon));
        if (!isFieldName(fieldName)) continue;
        name = fieldName;
        value = line.substr(colon + 1, kMaxFieldValueBytes);
        continuing = true;
    }
    keep();
    return headers;
}

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

int base64Value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

}  // namespace

void Headers::add(std::string name, std::string value) {
    fields_.push_back({std::move(name), std::move(value)});
}

std::optional<std::string> Headers::first(std::string_view name) const {
    std::string wanted = Poco::toLower(std::string(name));
    for (const auto& field : fields_) {
        if (field.name.size() == wanted.size() && Poco::toLower(field.name) == wanted) {
            return field.value;
        }
    }
    return std::nullopt;
}

Entity parseEntity(std::string_view text) {
    std::size_t pos = 0;
    Headers headers = readFields(text, pos);
    return {std::move(headers), text.substr(pos)};
}

std::vector<Headers> parseFieldGroups(std::string_view text) {
    std::vector<Headers> groups;
    std::size_t pos = 0;
    while (pos < text.size() && groups.size() < kMaxBodyParts) {
        Headers group = readFields(text, pos);
        if (!group.fields().empty()) groups.push_back(std::move(group));
    }
    return groups;
}

bool ContentType::is(std::string_view wantedType, std::string_view wantedSubtype) const {
    return type == wantedType && subtype == wantedSubtype;
}

std::string ContentType::parameter(const std::string& name) const {
    auto found = parameters.find(name);
    return found == parameters.end() ? std::string() : found->second;
}

ContentType contentTypeOf(const Headers& headers) {
    ContentType result;
    auto field = headers.first("Content-Type");
    if (!field) return result;
    std::string mediaType;
    Poco::Net::NameValueCollection parameters;
    try {
        // Poco's reader of "type/subtype; name=value; name="quoted value"" (RFC 2045, 5.1).
        Poco::Net::MessageHeader::splitParameters(*field, mediaType, parameters);
    } catch (...) {
        return result;
    }
    std::string lowered = Poco::toLower(std::string(trimmed(mediaType)));
    std::size_t slash = lowered.find('/');
    if (slash == std::string::npos || slash == 0 || slash + 1 == lowered.size()) return result;
    result.type = std::string(trimmed(std::string_view(lowered).substr(0, slash)));
    result.subtype = std::string(trimmed(std::string_view(lowered).substr(slash + 1)));
    for (const auto& [name, value] : parameters) {
        result.parameters.emplace(Poco::toLower(name), value);  // the first of a repeated name
    }
    return result;
}

std::vector<std::string_view> multipartBodies(std::string_view body, std::string_view boundary) {
    std::vector<std::string_view> parts;
    // RFC 2046 caps a boundary at 70 characters; a longer one is not worth searching for.
    if (boundary.empty() || boundary.size() > 200) return parts;
    const std::string delimiter = "--" + std::string(boundary);
    std::optional<std::size_t> partStart;
    std::size_t pos = 0;
    while (pos < body.size() && parts.size() < kMaxBodyParts) {
        const std::size_t lineStart = pos;
        std::string_view line = nextLine(body, pos);
        if (line.substr(0, delimiter.size()) != delimiter) continue;
        std::string_view rest = line.substr(delimiter.size());
        const bool closing = rest.substr(0, 2) == "--";
        if (closing) rest.remove_prefix(2);
        if (!trimmed(rest).empty()) continue;  // a longer boundary that starts with ours
        if (partStart) {
            // The line break before a delimiter belongs to the delimiter (RFC 2046, 5.1.1).
            std::size_t end = lineStart;
            if (end > *partStart && body[end - 1] == '\n') --end;
            if (end > *partStart && body[end - 1] == '\r') --end;
            parts.push_back(body.substr(*partStart, end - *partStart));
        }
        if (closing) return parts;
        partStart = pos;
    }
    if (partStart && *partStart < body.size() && parts.size() < kMaxBodyParts) {
        parts.push_back(body.substr(*partStart));  // cut short: keep what arrived
    }
    return parts;
}

std::string decodedBody(const Entity& entity) {
    std::string encoding = Poco::toLower(
        std::string(trimmed(entity.headers.first("Content-Transfer-Encoding").value_or(""))));
    if (encoding == "base64") return decodeBase64(entity.body);
    if (encoding == "quoted-printable") return decodeQuotedPrintable(entity.body);
    return std::string(entity.body);
}

std::string decodeBase64(std::string_view text) {
    std::string bytes;
    bytes.reserve(text.size() * 3 / 4);
    unsigned int bits = 0;
    int count = 0;
    for (char c : text) {
        if (c == '=') break;  // padding: the end of the data
        int value = base64Value(c);
        if (value < 0) continue;
        bits = (bits << 6) | static_cast<unsigned int>(value);
        count += 6;
        if (count >= 8) {
            count -= 8;
            bytes.push_back(static_cast<char>((bits >> count) & 0xFF));
        }
    }
    return bytes;
}

std::string decodeQuotedPrintable(std::string_view text, bool underscoreIsSpace) {
    std::string bytes;
    bytes.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '_' && underscoreIsSpace) {
            bytes.push_back(' ');
        } else if (c != '=') {
            bytes.push_back(c);
        } else if (i + 2 < text.size() && hexValue(text[i + 1]) >= 0 &&
                   hexValue(text[i + 2]) >= 0) {
            bytes.push_back(static_cast<char>(hexValue(text[i + 1]) * 16 + hexValue(text[i + 2])));
            i += 2;
        } else {
            // A soft line break: "=" then optional trailing blanks and the line break.
            std::size_t j = i + 1;
            while (j < text.size() && isBlank(text[j])) ++j;
            if (j < text.size() && text[j] == '\r') ++j;
            if (j < text.size() && text[j] == '\n') {
                i = j;
            } else if (j == text.size()) {
                i = j - 1;
            } else {
                bytes.push_back(c);  // a stray "=": kept as written
            }
        }
    }
    return bytes;
}

std::string leadingWord(std::string_view value) {
    value = trimmed(value);
    return Poco::toLower(std::string(value.substr(0, value.find_first_of(" \t(;"))));
}

std::string_view trimmed(std::string_view text) {
    const char* blanks = " \t\r\n";
    std::size_t begin = text.find_first_not_of(blanks);
    if (begin == std::string_view::npos) return {};
    std::size_t end = text.find_last_not_of(blanks);
    return text.substr(begin, end - begin + 1);
}

}  // namespace lodestone::outreach::mime
