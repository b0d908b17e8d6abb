#pragma once

#include <string>
#include <string_view>

namespace lodestone::domain {

// What the shared character rule finds in a value that must be one token (a URL, an email
// address, a host name): nothing, text that is not UTF-8, or whitespace or a control character
// somewhere in it (a Unicode separator such as U+00A0 or U+2028, U+0000-U+001F, U+007F-U+009F).
// Such a value is refused, never trimmed: "ada@acme.io\n" or "https://h/\r\nX-Injected: 1" is
// not what anyone means, and a line break in a stored value ends up in a header or a log line.
enum class CharacterFlaw { None, NotUtf8, SpaceOrControl, ControlOrLineBreak };
CharacterFlaw characterFlaw(std::string_view text);

// The same rule for a value that is a short line of text rather than one token (the name of an
// organisation, project, campaign or API key): spaces belong in such text, so only text that is
// not UTF-8, a control character (U+0000-U+001F, U+007F-U+009F) and the line and paragraph
// separators (U+2028, U+2029) are flaws. A name is shown on one line of a terminal, a log line
// or a page: a CR, an LF or an ESC in it could forge a line or drive the terminal.
CharacterFlaw textLineFlaw(std::string_view text);

// The flaw as the end of a sentence naming the value ("<key> contains whitespace or a control
// character"); empty for None.
std::string describe(CharacterFlaw flaw);

// `text` with its control characters, and bytes that are not UTF-8, shown as escapes ("\r",
// "\n", "\t", "\x01"), and cut after `maxBytes` bytes: for echoing a refused value in a message
// or a log line without letting it break or forge the line.
std::string visibleText(std::string_view text, std::size_t maxBytes = 200);

}  // namespace lodestone::domain
