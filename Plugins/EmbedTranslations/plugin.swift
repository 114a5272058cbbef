import Foundation
import PackagePlugin

/// Puts every translation in `po/` into the binary: one generated Swift file
/// holding each catalog's text, so a forecastly copied anywhere on its own
/// still speaks every language, and adding a language is adding its `.po`
/// file (no Swift). The catalogs are parsed at run time, and only the one
/// the user's language needs.
///
/// The file is written by the system shell, not by a tool built from source:
/// a build tool compiled with the package's flags would carry the fuzzing
/// build's sanitizer (scripts/fuzz) into a program that is not a harness.
@main
struct EmbedTranslations: BuildToolPlugin {
    /// Each catalog as a raw string literal; `"####` never occurs in a
    /// catalog (CatalogTests checks), so the text cannot end it early.
    static let script = #####"""
        set -e
        out="$1"; shift
        {
          printf '// Generated from po/*.po when forecastly is built: do not edit.\n\n'
          printf '/// Each catalog'"'"'s text by language ("de", "pt_BR"; the template as "pot").\n'
          printf 'let embeddedCatalogs: [String: String] = [\n'
          for file in "$@"; do
            name=$(basename "$file")
            language=${name%.*}
            [ "${name##*.}" = pot ] && language=pot
            printf '    "%s": ####"""\n' "$language"
            cat "$file"
            printf '\n"""####,\n'
          done
          printf ']\n'
        } > "$out.new"
        mv "$out.new" "$out"
        """#####

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let directory = context.package.directoryURL.appending(path: "po")
        let catalogs = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "po" || $0.pathExtension == "pot" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let outputs = context.pluginWorkDirectoryURL.appending(path: "catalogs")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        let output = outputs.appending(path: "EmbeddedCatalogs.swift")
        // A build command, with the catalogs as its inputs: the build runs it
        // again whenever one of them changes (an edited translation), and
        // only then. A prebuild command runs only when the build is planned
        // again, so an edited .po file alone was not picked up.
        return [
            .buildCommand(
                displayName: "Embedding \(catalogs.count) translation catalogs",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "sh", output.path] + catalogs.map(\.path),
                inputFiles: catalogs,
                outputFiles: [output])
        ]
    }
}
