//! `spacechess tune`: fits one variant's evaluation weights to self-play data (Texel's
//! method, `engine::tune`) and writes them in the committed weights format.

use crate::Failure;
use engine::eval::weights::Weighted;
use engine::tune::{self, data, Report};
use rules::{RuleSet, Setup};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct TuneArgs {
    #[arg(help = crate::variant_help("The variant: ", ""))]
    pub variant: String,
    /// Tri-D's rule set (federation, meder or stepwise): each has weights of its own,
    /// fitted to its own games
    #[arg(long)]
    pub rules: Option<String>,
    /// Self-play data files (repeatable)
    #[arg(long = "data", required = true)]
    pub data: Vec<PathBuf>,
    /// Start from these weights instead of the committed ones
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// Where to write the fitted weights
    #[arg(long)]
    pub out: PathBuf,
    /// Most Gauss–Newton steps
    #[arg(long, default_value_t = 50)]
    pub iterations: usize,
}

pub fn run(args: &TuneArgs) -> Result<(), Failure> {
    let setup = Setup::from_ids(&args.variant, args.rules.as_deref(), &[])?;
    rules::with_position_type!(setup.variant(), P => run_for::<P>(args, setup.rules()))
}

fn read(path: &PathBuf) -> Result<String, Failure> {
    std::fs::read_to_string(path)
        .map_err(|e| Failure(format!("cannot read {}: {e}", path.display())))
}

fn run_for<P: Weighted>(args: &TuneArgs, rules: RuleSet) -> Result<(), Failure> {
    let committed = P::committed_for(rules);
    let start = match &args.weights {
        Some(path) => committed
            .parse(&read(path)?)
            .map_err(|e| Failure(format!("{}: {e}", path.display())))?,
        None => committed.default_weights(),
    };
    let mut samples = Vec::new();
    for path in &args.data {
        let name = path.display().to_string();
        let records = data::parse_file(&name, &read(path)?)?;
        samples.extend(tune::samples::<P>(committed, &name, &records)?);
    }
    let report = tune::tune::<P>(&samples, &start, args.iterations)?;
    print_report(&report, &start.values);
    let files: Vec<String> = args.data.iter().map(|p| p.display().to_string()).collect();
    let comment = format!(
        "Fitted by `spacechess tune {}{} --data {}` to {} positions:\nK {:.6} per centipawn, mean squared error {:.6} before, {:.6} after.",
        args.variant,
        args.rules.as_ref().map(|r| format!(" --rules {r}")).unwrap_or_default(),
        files.join(" --data "),
        report.positions,
        report.k,
        report.error_before,
        report.error_after
    );
    std::fs::write(&args.out, report.weights.to_text(&comment))
        .map_err(|e| Failure(format!("cannot write {}: {e}", args.out.display())))?;
    println!("wrote {}", args.out.display());
    Ok(())
}

fn print_report(r: &Report, before: &[i32]) {
    println!("{} positions of {}", r.positions, r.weights.variant);
    println!("K {:.6} per centipawn", r.k);
    println!("error before {:.6}", r.error_before);
    println!("error after  {:.6}", r.error_after);
    for ((name, new), old) in r.weights.names.iter().zip(&r.weights.values).zip(before) {
        println!("  {name:<24} {old:>6} -> {new:>6}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use rules::Variant;

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        args: TuneArgs,
    }

    /// The help and the refusal of an unknown variant both list the registry's variants.
    #[test]
    fn the_variants_come_from_the_registry() {
        let help = Cli::command().render_help().to_string();
        let args = TuneArgs {
            variant: "chess".into(),
            rules: None,
            data: vec![PathBuf::from("no-such-file.txt")],
            weights: None,
            out: PathBuf::from("no-such-dir/w.txt"),
            iterations: 1,
        };
        let Err(Failure(refused)) = run(&args) else {
            panic!("chess is no variant")
        };
        assert!(refused.contains("\"chess\""), "{refused}");
        for v in Variant::ALL {
            assert!(help.contains(v.id()), "{help}");
            assert!(refused.contains(v.id()), "{refused}");
        }
    }
}
