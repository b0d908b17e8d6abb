// What the conformance suite (PluginConformanceTest.cpp) runs each plugin on: a sample input per
// kind of the ABI, as the daemon sends it, and config values for plugins the generic sample
// values do not suit.
#pragma once

#include <lodestone/plugin_abi.h>

#include <map>
#include <stdexcept>
#include <string>

#include "plugins/AbiNames.hpp"

namespace lodestone::plugins {

// Stands for the port of the SMTP server the suite starts for a mailer plugin's run.
inline const char* const kSmtpSinkPort = "SMTP_SINK_PORT";
// Stands for the base URL of the OpenAI-compatible server the suite starts for a content
// plugin's run (content-openai writes with a language model).
inline const char* const kChatServerUrl = "CHAT_SERVER_URL";

// What run() gets, by kind, as the daemon sends it. No default in the switch: a kind added to
// plugin_abi.h does not compile until it has a sample.
inline std::string sampleInput(lodestone_plugin_kind kind) {
    switch (kind) {
        // As the jobs engine sends them: the lead, and for content its research too.
        case LODESTONE_PLUGIN_RESEARCH:
            return R"({"jobId":"job_sample","leadId":"lead_sample",)"
                   R"("lead":{"email":"ada@example.com","fullName":"Ada Lovelace",)"
                   R"("company":"Analytical Engines","title":"CTO"},)"
                   R"("project":{"id":"proj_sample","name":"Sample","settings":{}}})";
        case LODESTONE_PLUGIN_CONTENT:
            return R"({"jobId":"job_sample","leadId":"lead_sample",)"
                   R"("lead":{"email":"ada@example.com","fullName":"Ada Lovelace",)"
                   R"("company":"Analytical Engines","title":"CTO"},)"
                   R"("research":{"person":{"fullName":"Ada Lovelace","firstName":"Ada",)"
                   R"("lastName":"Lovelace","email":"ada@example.com","title":"CTO",)"
                   R"("seniority":"executive","department":"engineering"},)"
                   R"("company":{"name":"Analytical Engines","domain":"example.com",)"
                   R"("industry":"Software","sizeBand":"11-50","sizeCategory":"small"},)"
                   R"("custom":{},"facts":["Ada Lovelace works at Analytical Engines as CTO"],)"
                   R"("sources":["submitted form","job title"]},)"
                   R"("project":{"id":"proj_sample","name":"Sample","settings":{}}})";
        // As the delivery loop sends it; RECEIVER is replaced by a local receiver's URL.
        case LODESTONE_PLUGIN_WEBHOOK:
            return R"({"deliveryId":"msg_sample","event":"meeting_booked","attempt":1,)"
                   R"("url":"RECEIVER","headers":{"Content-Type":"application/json",)"
                   R"("webhook-id":"msg_sample","webhook-timestamp":"1795343400",)"
                   R"("webhook-signature":"v1,c2FtcGxl"},"body":"{\"event\":\"meeting_booked\"}"})";
        // docs/plugins.md, "Mailer plugins": one message to one recipient.
        case LODESTONE_PLUGIN_MAILER:
            return R"({"messageId":"<es_sample@example.com>",)"
                   R"("from":{"address":"outreach@example.com","name":"Sample"},)"
                   R"("to":{"address":"ada@example.com","name":"Ada Lovelace"},)"
                   R"("replyTo":"replies@example.com",)"
                   R"("subject":"Your guide for Analytical Engines",)"
                   R"("text":"Hello Ada,\n\nyour guide is ready.",)"
                   R"("html":"<p>Hello Ada,</p><p>your guide is ready.</p>",)"
                   R"("headers":{"List-Unsubscribe":"<http://127.0.0.1:8080/u/sample>"}})";
    }
    // Only a value outside the enum gets here, and the loader refuses those when it opens a
    // library.
    throw std::invalid_argument("no sample input for plugin kind " + std::to_string(rawEnum(kind)));
}

// Config values by plugin name: for required keys the generic values would not suit, and for
// optional keys the sample run needs. A mailer sends to the suite's SMTP server on 127.0.0.1,
// whose port kSmtpSinkPort stands for; content-openai asks the suite's fake chat server, whose
// URL kChatServerUrl stands for.
inline const std::map<std::string, std::map<std::string, std::string>> kSampleConfig = {
    {"echo", {{"greeting", "hello"}}},
    {"smtp", {{"host", "127.0.0.1"}, {"port", kSmtpSinkPort}, {"tls", "none"}}},
    {"openai", {{"base_url", kChatServerUrl}, {"model", "sample-model"}}},
};

}  // namespace lodestone::plugins
