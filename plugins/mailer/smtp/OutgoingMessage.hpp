// The mailer run input (docs/plugins.md, "Mailer plugins"), checked: everything the plugin will
// write into the message or the envelope is refused here, naming its field, when it could break
// the message (CR/LF in a header, an address that is not one) rather than on the wire.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lodestone::mailer_smtp {

struct Mailbox {
    std::string address;  // an addr-spec, ASCII: local@domain
    std::string name;     // display name, UTF-8; empty for none
};

struct OutgoingMessage {
    std::string messageId;  // "<id@domain>", as the daemon made it
    Mailbox from;
    Mailbox to;
    std::optional<std::string> replyTo;
    std::string subject;
    std::string text;
    std::optional<std::string> html;
    std::vector<std::pair<std::string, std::string>> headers;  // extra headers, in input order
};

// Throws lodestone::InputError naming the field ("to.address: ...").
OutgoingMessage parseMessage(const std::string& inputJson);

// An ASCII addr-spec with a dot-atom local part and a domain name or address literal; quoted
// local parts and internationalised addresses (SMTPUTF8) are not supported.
bool isMailAddress(std::string_view address);

}  // namespace lodestone::mailer_smtp
