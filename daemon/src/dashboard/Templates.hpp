#pragma once

#include <string_view>

// The dashboard's Mustache templates and its style sheet. Every value is HTML-escaped ({{name}});
// no template uses the unescaped forms.
namespace lodestone::dashboard::templates {

extern const std::string_view kLayout;
extern const std::string_view kStyle;
extern const std::string_view kLogin;
extern const std::string_view kSetPassword;
extern const std::string_view kProblem;
extern const std::string_view kOverview;
extern const std::string_view kCampaigns;
extern const std::string_view kCampaign;
extern const std::string_view kProspect;
extern const std::string_view kSecretShown;
extern const std::string_view kKeys;  // AdminTemplates.cpp
extern const std::string_view kKeyCreated;
extern const std::string_view kOperators;
extern const std::string_view kOperatorLink;
extern const std::string_view kEndpoints;
extern const std::string_view kConfirm;
extern const std::string_view kAudit;
extern const std::string_view kProjects;  // ProjectTemplates.cpp
extern const std::string_view kProject;

}  // namespace lodestone::dashboard::templates
