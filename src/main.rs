fn main() {
    println!("citadels-sim: under construction");
}
