// The mailer-smtp plugin's real library, configured through the host as lodestoned does, sending
// to a real SMTP server on 127.0.0.1 (tests/support/smtp_sink.py).
#pragma once

#include <Poco/Net/ServerSocket.h>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "DefaultPluginSupport.hpp"
#include "support/SmtpSink.hpp"
#include "support/TestCertificates.hpp"

namespace lodestone::plugins::testing {

inline const char* const kMailerSmtp = LODESTONE_MAILER_SMTP_PLUGIN;

// The message of docs/plugins.md's mailer contract; tests change what they look at.
inline Poco::JSON::Object::Ptr sampleMessage() {
    return parseObject(R"({"messageId": "<es_01abc@acme.example>",
        "from": {"address": "ada@acme.example", "name": "Ada at Acme"},
        "to": {"address": "grace@example.org", "name": "Grace Hopper"},
        "replyTo": "replies@acme.example",
        "subject": "Grace, a question about Example",
        "text": "Hi Grace,\n\nA short question about Example.\n\nAda\n",
        "headers": {"List-Unsubscribe": "<http://127.0.0.1:8080/u/TOKEN>",
                    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}})");
}

// A port on 127.0.0.1 nobody listens on: bound, then closed again.
inline std::uint16_t closedPort() {
    Poco::Net::ServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0));
    const std::uint16_t port = socket.address().port();
    socket.close();
    return port;
}

// One configured mailer-smtp instance.
class Mailer {
  public:
    explicit Mailer(const std::vector<std::string>& configLines)
        : registry_(loadPlugins(configFor(kMailerSmtp, configLines))),
          instance_(registry_.find("subject")) {}

    // Plain SMTP to the sink, plus `more` config lines.
    static std::vector<std::string> plainConfig(std::uint16_t port,
                                                std::vector<std::string> more = {}) {
        std::vector<std::string> lines{"host: 127.0.0.1", "port: " + std::to_string(port),
                                       "tls: none", "helo_name: client.lodestone.test"};
        lines.insert(lines.end(), more.begin(), more.end());
        return lines;
    }

    std::string run(const std::string& input, RunControl& control) const {
        return instance_->run(control, input);
    }

    Poco::JSON::Object::Ptr send(const Poco::JSON::Object::Ptr& message) const {
        RunControl control(RunControl::deadlineIn(std::chrono::seconds(30)));
        return parseObject(run(toJson(message), control));
    }

    // The PluginError sending `input` must end in.
    PluginError failure(const std::string& input, RunControl& control) const {
        try {
            run(input, control);
        } catch (const PluginError& e) {
            return e;
        }
        ADD_FAILURE() << "expected the run to fail: " << input;
        return PluginError("subject", LODESTONE_OK, "");
    }
    PluginError failure(const Poco::JSON::Object::Ptr& message) const {
        RunControl control(RunControl::deadlineIn(std::chrono::seconds(30)));
        return failure(toJson(message), control);
    }

  private:
    PluginRegistry registry_;
    PluginRegistry::InstancePtr instance_;
};

}  // namespace lodestone::plugins::testing
