#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Internet message text (RFC 5322) and MIME (RFC 2045, 2046) as a mailbox hands it over: read
// tolerantly, never throwing, in time linear in its length. Replies and bounces come from every
// mail system there is, and a message we cannot read fully must still be read as far as it goes.
// Lines end in CRLF or a bare LF alike (POP3 sends CRLF, files on disk often have LF).
namespace lodestone::outreach::mime {

// Bounds on what one header section holds, so a hostile message costs bounded memory; what is
// beyond them is dropped, never an error.
inline constexpr std::size_t kMaxHeaderFields = 1000;
inline constexpr std::size_t kMaxFieldValueBytes = 64 * 1024;
inline constexpr std::size_t kMaxBodyParts = 100;

struct HeaderField {
    std::string name;   // as written
    std::string value;  // unfolded (line breaks before whitespace removed), trimmed, still encoded
};

// A header section: its fields in order, looked up by name case-insensitively.
class Headers {
  public:
    void add(std::string name, std::string value);
    // The first field called `name`; nullopt when there is none.
    std::optional<std::string> first(std::string_view name) const;
    bool has(std::string_view name) const { return first(name).has_value(); }
    const std::vector<HeaderField>& fields() const { return fields_; }

  private:
    std::vector<HeaderField> fields_;
};

// A message or a body part: its header section and the body after the blank line (a view into
// the text it was read from, which must outlive it).
struct Entity {
    Headers headers;
    std::string_view body;
};

// Reads the header section up to the first empty line; everything after it is the body. Lines
// that are neither a field nor a continuation (no colon, a space in the name) are skipped: some
// mail systems put an mbox "From " line or stray text there.
Entity parseEntity(std::string_view text);

// Groups of fields separated by empty lines, as a message/delivery-status body holds them
// (RFC 3464: the per-message fields, then one group per recipient).
std::vector<Headers> parseFieldGroups(std::string_view text);

// A Content-Type value: type and subtype lowercased, parameter names lowercased (values as
// written, quotes removed). text/plain when the field is missing or unreadable (RFC 2045, 5.2).
struct ContentType {
    std::string type = "text";
    std::string subtype = "plain";
    std::map<std::string, std::string> parameters;

    bool is(std::string_view type, std::string_view subtype) const;
    std::string parameter(const std::string& name) const;  // empty when absent
};
ContentType contentTypeOf(const Headers& headers);

// The body parts of a multipart body delimited by `boundary`, at most kMaxBodyParts; preamble
// and epilogue dropped. A body cut short (no closing delimiter) still yields the parts it has.
std::vector<std::string_view> multipartBodies(std::string_view body, std::string_view boundary);

// An entity's body with its Content-Transfer-Encoding (base64, quoted-printable) undone.
std::string decodedBody(const Entity& entity);

// Transfer decodings, tolerant of damage: characters outside the alphabet are skipped, a broken
// escape is kept as written. `underscoreIsSpace` for RFC 2047's "Q" encoding.
std::string decodeBase64(std::string_view text);
std::string decodeQuotedPrintable(std::string_view text, bool underscoreIsSpace = false);
// The first word of a field value, lowercased: "failed (bad address)" -> "failed",
// "auto-replied; owner-email=..." -> "auto-replied".
std::string leadingWord(std::string_view value);
std::string_view trimmed(std::string_view text);  // without surrounding spaces, tabs, CR, LF

}  // namespace lodestone::outreach::mime
