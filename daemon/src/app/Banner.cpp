#include "app/Banner.hpp"

namespace lodestone::app {

void printNewKeys(std::ostream& out, const admin::ProvisionReport& report,
                  const std::string& publicUrl) {
    if (report.newKeys.empty()) return;
    const std::string rule(72, '=');
    out << rule << '\n';
    for (const auto& key : report.newKeys) {
        out << "API key \"" << key.name << "\" (" << key.id << ") for organisation \""
            << key.organisationName << "\".\n"
            << "It is shown only now; store it somewhere safe:\n\n"
            << "    " << key.plaintext << "\n\n";
        if (key.projectId) {
            out << "Try it:\n\n"
                << "    curl -sS -X POST " << publicUrl << "/api/projects/" << *key.projectId
                << "/generate \\\n"
                << "      -H 'Authorization: Bearer " << key.plaintext << "' \\\n"
                << "      -H 'Content-Type: application/json' \\\n"
                << "      -d '{\"email\":\"ada@example.com\",\"fullName\":\"Ada Lovelace\","
                   "\"company\":\"Analytical Engines\",\"title\":\"CTO\"}'\n\n";
        }
        if (key.campaignId) {
            out << "Add a lead to the campaign (researched and scored against its ICP):\n\n"
                << "    curl -sS -X POST " << publicUrl << "/api/campaigns/" << *key.campaignId
                << "/leads \\\n"
                << "      -H 'Authorization: Bearer " << key.plaintext << "' \\\n"
                << "      -H 'Content-Type: application/json' \\\n"
                << "      -d '{\"companyName\":\"Analytical Engines\",\"contactName\":\"Ada "
                   "Lovelace\",\"email\":\"ada@engines.example\",\"title\":\"VP "
                   "Engineering\",\"company\":{\"industry\":\"Software\",\"employeeCount\":"
                   "120}}'\n\n";
        }
    }
    out << rule << std::endl;
}

}  // namespace lodestone::app
