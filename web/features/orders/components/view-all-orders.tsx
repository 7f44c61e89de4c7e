import { Link } from '@tanstack/react-router'

/** The way from one order's page to the whole list, when the order is missing or once it is placed. */
export function ViewAllOrders() {
  return (
    <Link to="/orders" className="button">
      View All Orders
    </Link>
  )
}
