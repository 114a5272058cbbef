/// What forecastly adds to the completion scripts ArgumentParser writes,
/// for places (every custom completion is one, `PlaceCompletion`):
///
/// - `forecastly Ky<TAB>`: the default command's PLACE, completed at the
///   root beside the subcommands' names. ArgumentParser's scripts complete
///   either a root argument or subcommands, and a root argument would
///   swallow every subcommand's name, so each script gets one line where it
///   offers the subcommands: the same call its `forecast PLACE` completion
///   makes.
/// - Places as their names are written: forecastly matches them without
///   case or accents, and the shells would keep only those that begin with
///   the typed text letter for letter ("lo" would lose "London, GB"). Bash
///   adds them without filtering them again; zsh matches them without case.
///   Fish matches without case itself.
///
/// The install test completes places and a subcommand's file in each shell.
enum CompletionScripts {
    static func patch(_ script: String, shell: String) -> String {
        switch shell {
        case "bash":
            return rootPlaces(placesUnfiltered(script), shell: shell)
        case "zsh":
            return rootPlaces(script.replacingOccurrences(
                of: #"__forecastly_complete "${completions[@]:0:-1}""#,
                with: #"compadd -M 'm:{[:lower:][:upper:]}={[:upper:][:lower:]}' -- "${completions[@]:0:-1}""#), shell: shell)
        default:
            return rootPlaces(script, shell: shell)
        }
    }

    /// Bash: the places the binary offers go to COMPREPLY as they are
    /// (compgen would drop those whose case differs from the typed text).
    private static func placesUnfiltered(_ script: String) -> String {
        let helper = """
            # Places come matched by forecastly (any case, any accents), as their names are written.
            __forecastly_add_places() {
                local completion
                while IFS='' read -r completion; do
                    [[ -n "${completion}" ]] && COMPREPLY+=("${completion}")
                done <<<"${1}"
            }

            __forecastly_custom_complete() {
            """
        return script
            .replacingOccurrences(of: #"__forecastly_add_completions -W "$(__forecastly_custom_complete"#, with: #"__forecastly_add_places "$(__forecastly_custom_complete"#)
            .replacingOccurrences(of: "__forecastly_custom_complete() {\n", with: helper + "\n")
    }

    private static func rootPlaces(_ script: String, shell: String) -> String {
        switch shell {
        case "bash":
            let anchor = "        # Offer subcommand completions\n        COMPREPLY+=($(compgen -W "
            guard let range = script.range(of: anchor), let end = script[range.upperBound...].firstIndex(of: "\n") else { return script }
            return String(script[..<end]) + "\n"
                + #"        [[ "${cur}" = -* ]] || __forecastly_add_places "$(__forecastly_custom_complete ---completion forecast -- positional@0 "${COMP_CWORD}" "$(__forecastly_cursor_index_in_current_word)")""#
                + String(script[end...])
        case "zsh":
            let anchor = "        _describe -V subcommand subcommands && ret=0\n"
            guard let range = script.range(of: anchor) else { return script }
            return String(script[..<range.upperBound])
                + #"        [[ "${PREFIX}" = -* ]] || { __forecastly_custom_complete ---completion forecast -- positional@0 "${current_word_index}" "$(__forecastly_cursor_index_in_current_word)" && ret=0 }"#
                + "\n" + String(script[range.upperBound...])
        case "fish":
            return script + "\n"
                + #"complete -c 'forecastly' -n '__forecastly_should_offer_completions_for_positional "forecastly" -eq 1' -fka '(__forecastly_custom_completion ---completion forecast -- positional@0 (count (__forecastly_tokens -pc)) (__forecastly_tokens -tC))'"#
                + "\n"
        default:
            return script
        }
    }

    /// The shell `--generate-completion-script` names, if any.
    static func shell(in arguments: [String]) -> String? {
        if let index = arguments.firstIndex(of: "--generate-completion-script"), index + 1 < arguments.count { return arguments[index + 1] }
        return arguments.first { $0.hasPrefix("--generate-completion-script=") }.map { String($0.dropFirst("--generate-completion-script=".count)) }
    }
}
