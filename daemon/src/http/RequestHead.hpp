#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lodestone::http {

// How the body of a request is framed (RFC 9112 section 6.3).
enum class BodyFraming { None, Length, Chunked };

// A request line and header section, read strictly by RFC 9112 wherever a lenient reading would
// let two parsers disagree about where a request ends (request smuggling).
struct RequestHead {
    std::string method;
    std::string target;
    int minorVersion = 1;  // HTTP/1.<minorVersion>; only 0 and 1 are accepted
    std::vector<std::pair<std::string, std::string>> fields;  // in the order sent

    BodyFraming framing = BodyFraming::None;
    std::size_t contentLength = 0;  // with BodyFraming::Length
    bool keepAlive = true;
    bool expectContinue = false;

    // The value of the one field named `name` (case-insensitive), if present.
    std::optional<std::string_view> field(std::string_view name) const;
};

struct HeadLimits {
    std::size_t maxFields = 100;
    std::size_t maxTargetBytes = 8192;
    std::size_t maxMethodBytes = 32;
};

// Parses `text`, the bytes up to and including the empty line that ends a head, with every line
// ended by CRLF. Throws HttpError (400, 414, 417, 431, 501 or 505) naming what is wrong.
RequestHead parseRequestHead(std::string_view text, const HeadLimits& limits);

// The steps of parseRequestHead, for a reader that gets a head line by line: each line is judged
// as soon as its CRLF arrives, so a client that is not speaking HTTP/1.x (an SSH banner, an
// HTTP/2 request line) is answered at once instead of when a head timeout cuts it.
//
// The request line, without its CRLF, into `head`. Throws HttpError (400, 414, 501 or 505).
void readRequestLine(std::string_view line, RequestHead& head, const HeadLimits& limits);
// One header field line, without its CRLF, added to `head`. Throws HttpError (400, or 431 for a
// field past HeadLimits::maxFields).
void readFieldLine(std::string_view line, RequestHead& head, const HeadLimits& limits);
// After the empty line: the framing, persistence and expectations the fields ask for, and the
// rules that need every field (no repeated singletons, Host on HTTP/1.1). Throws HttpError (400,
// 417 or 501).
void finishRequestHead(RequestHead& head);

namespace detail {
// Indexed by byte: every byte of every head is looked up here.
inline constexpr auto kTokenChars = [] {
    std::array<bool, 256> table{};
    for (int c = '0'; c <= '9'; ++c) table[c] = true;
    for (int c = 'a'; c <= 'z'; ++c) table[c] = table[c - 'a' + 'A'] = true;
    for (char c : std::string_view("!#$%&'*+-.^_`|~")) table[static_cast<unsigned char>(c)] = true;
    return table;
}();
}  // namespace detail

// Whether `a` and `b` are the same text but for the case of ASCII letters, as field names and
// the tokens of their values compare (RFC 9110 section 5.1).
inline bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

// True for the bytes of an RFC 9110 token (method and field names).
inline bool isTokenChar(unsigned char c) {
    return detail::kTokenChars[c];
}

}  // namespace lodestone::http
