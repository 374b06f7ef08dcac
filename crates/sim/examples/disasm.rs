//! Prints the simulator's decoded instructions for an IR text file:
//! `cargo run -p oxcuda-sim --example disasm -- FILE.ir`.

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: disasm FILE.ir");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    });
    let module = oxcuda_ir::parse::parse_module(&text).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    });
    match oxcuda_sim::prepare(&module) {
        Ok(p) => print!("{}", p.disassemble()),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1)
        }
    }
}
