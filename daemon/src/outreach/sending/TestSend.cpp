#include "outreach/sending/TestSend.hpp"

#include <stdexcept>

#include "domain/Email.hpp"
#include "domain/Random.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "plugins/PluginError.hpp"
#include "plugins/RunControl.hpp"

namespace lodestone::outreach {

OutgoingEmail testEmail(const EmailPreview& preview, const std::string& to) {
    if (auto problem = domain::emailProblem(to)) {
        throw std::invalid_argument("the test address \"" + to + "\" " + *problem);
    }
    OutgoingEmail email = preview.email;
    email.toAddress = to;
    email.toName.clear();
    email.messageId = messageIdFor("test-" + domain::randomAlphanumeric(16), email.from.address);
    email.content.subject = "[test] " + email.content.subject;
    return email;
}

MailerAnswer sendTestEmail(const plugins::PluginInstance& mailer, const OutgoingEmail& email,
                           std::chrono::milliseconds timeout) {
    plugins::RunControl control(plugins::RunControl::deadlineIn(timeout));
    std::string output;
    try {
        output = mailer.run(control, email.mailerInput());
    } catch (const plugins::PluginError& e) {
        if (control.cancelled()) {
            throw std::runtime_error("the mailer did not finish within pipeline.mailer.timeout (" +
                                     std::to_string(timeout.count()) +
                                     " ms); the test message may have been sent");
        }
        throw std::runtime_error(std::string("the mailer failed: ") + e.what());
    }
    auto answer = readMailerAnswer(output);
    if (!answer.accepted) {
        throw std::runtime_error("the mail server refused the test message: " + answer.describe());
    }
    return answer;
}

}  // namespace lodestone::outreach
