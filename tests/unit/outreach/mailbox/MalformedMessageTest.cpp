// Whatever a mailbox hands over, reading it gives a sane finding, quickly: fixtures cut short and
// with bytes flipped, and inputs built to make a careless parser quadratic or deep.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "domain/Utf8Text.hpp"
#include "outreach/mailbox/MailboxFinding.hpp"

namespace lodestone::outreach {
namespace {

using namespace std::string_literals;

std::vector<std::string> allFixtures() {
    std::vector<std::string> texts;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(MAILBOX_FIXTURES_DIR)) {
        if (!entry.is_regular_file()) continue;
        std::ifstream in(entry.path(), std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        texts.push_back(text.str());
    }
    return texts;
}

bool isOneLineOfText(const std::string& text) {
    if (domain::firstInvalidUtf8(text) != domain::kNoInvalidUtf8) return false;
    for (unsigned char c : text) {
        if (c < 0x20 || c == 0x7F) return false;
    }
    return true;
}

::testing::AssertionResult sane(const MailboxFinding& finding) {
    if (finding.summary.empty() || finding.summary.size() > 303 ||
        !isOneLineOfText(finding.summary)) {
        return ::testing::AssertionFailure() << "summary: " << finding.summary;
    }
    for (const auto& id : finding.messageIds) {
        if (id.size() < 3 || id.front() != '<' || id.back() != '>' ||
            id.find_first_of(" \t\r\n") != std::string::npos) {
            return ::testing::AssertionFailure() << "message id: " << id;
        }
    }
    for (const auto& address : {finding.from, finding.recipient}) {
        if (address && (!isOneLineOfText(*address) || address->find(' ') != std::string::npos)) {
            return ::testing::AssertionFailure() << "address: " << *address;
        }
    }
    return ::testing::AssertionSuccess();
}

TEST(MalformedMessage, EveryPrefixOfEveryFixtureIsRead) {
    for (const std::string& text : allFixtures()) {
        for (std::size_t length = 0; length <= text.size(); length += 7) {
            ASSERT_TRUE(sane(readMailboxMessage(text.substr(0, length)))) << "prefix " << length;
        }
    }
}

TEST(MalformedMessage, FixturesWithBytesFlippedAreRead) {
    std::mt19937 random(20261124);  // fixed: a failure repeats
    const std::vector<std::string> fixtures = allFixtures();
    const std::string interesting = "\r\n:;<>-=?\"()\t \x00\xff\x80@"s;
    for (int round = 0; round < 3000; ++round) {
        std::string text = fixtures[random() % fixtures.size()];
        if (text.empty()) continue;
        for (int flips = 1 + static_cast<int>(random() % 8); flips > 0; --flips) {
            std::size_t at = random() % text.size();
            text[at] = random() % 2 ? static_cast<char>(random() % 256)
                                    : interesting[random() % interesting.size()];
        }
        ASSERT_TRUE(sane(readMailboxMessage(text))) << "round " << round;
    }
}

TEST(MalformedMessage, RandomBytesAreRead) {
    std::mt19937 random(7);
    for (int round = 0; round < 500; ++round) {
        std::string text(random() % 4096, '\0');
        for (char& c : text) c = static_cast<char>(random() % 256);
        ASSERT_TRUE(sane(readMailboxMessage(text))) << "round " << round;
    }
}

// Each of these is a megabyte or so; a parser that rescans (quadratic) takes minutes on them. No
// timing is asserted, the ctest timeout is the guard.
TEST(MalformedMessage, PathologicalInputsAreReadInLinearTime) {
    const std::size_t size = 1 << 20;
    auto repeat = [&](const std::string& unit) {
        std::string text;
        while (text.size() < size) text += unit;
        return text;
    };
    const std::string report =
        "Content-Type: multipart/report; report-type=delivery-status; boundary=b\n";
    const std::vector<std::string> inputs = {
        "Subject: " + repeat("=?") + "\n\n",
        "Subject: " + repeat("=?utf-8?Q?") + "\n\n",
        "In-Reply-To: " + repeat("<") + ">\n\n",
        "In-Reply-To: " + repeat(">") + "\n\n",
        "References: " + repeat("<a@b> ") + "\n\n",
        "From: " + repeat("(") + "\n\n",
        "From: " + repeat("<") + repeat(">") + "\n\n",
        repeat("X-Field: value\n"),
        "Subject: x\n" + repeat(" folded\n"),
        repeat("no colon here\n"),
        report + "\n" + repeat("--b\n"),
        report + "\n" + repeat("--b\nContent-Type: message/delivery-status\n\nAction: failed\n"),
        report + "\n--b\nContent-Type: message/delivery-status\n\n" + repeat("\n\nAction: x\n"),
        report + "\n--b\nContent-Type: text/rfc822-headers\n\n" + repeat("References: <a@b>\n"),
        report +
            "\n--b\nContent-Transfer-Encoding: quoted-printable\n"
            "Content-Type: message/delivery-status\n\n" +
            repeat("=\n=4"),
        repeat("a"),
        repeat("\n"),
        repeat("\r"),
    };
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        EXPECT_TRUE(sane(readMailboxMessage(inputs[i]))) << "input " << i;
    }
}

}  // namespace
}  // namespace lodestone::outreach
